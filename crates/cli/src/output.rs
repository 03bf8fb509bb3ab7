//! Output: a buffered, locked stdout that is safe against broken pipes, diagnostics on stderr
//! that never panic, and the error type every subcommand returns.

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

/// Why a subcommand stopped early.
#[derive(Debug)]
pub enum CliError {
    /// Writing to stdout failed. A broken pipe (the reader went away, as in
    /// `weburl parse | head -1`) ends the program quietly with status 0.
    Output(io::Error),
    /// Reading the input failed (not invalid UTF-8, which is reported per line): status 2.
    Input(io::Error),
    /// A usage error clap cannot see, e.g. an invalid `--base` URL: status 2.
    Usage(String),
}

impl From<io::Error> for CliError {
    fn from(err: io::Error) -> Self {
        CliError::Output(err)
    }
}

/// The exit status: 0 when every input was fine, 1 when any failed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Status {
    failed: bool,
}

impl Status {
    /// Records a failed input.
    pub fn fail(&mut self) {
        self.failed = true;
    }

    /// The process exit code.
    pub fn code(self) -> u8 {
        u8::from(self.failed)
    }
}

/// Buffered, locked stdout. Write errors are returned (as [`CliError::Output`]) so callers stop
/// at the first one; `main` turns a broken pipe into a quiet exit.
pub struct Out {
    inner: BufWriter<StdoutLock<'static>>,
    /// Flush after every record (interactive use: stdin or stdout is a terminal).
    eager: bool,
}

impl Out {
    /// Locks stdout.
    pub fn stdout() -> Out {
        let stdout = io::stdout();
        let eager = stdout.is_terminal() || io::stdin().is_terminal();
        Out {
            inner: BufWriter::with_capacity(64 * 1024, stdout.lock()),
            eager,
        }
    }

    /// Ends a record: flushes when the session is interactive.
    pub fn end_record(&mut self) -> io::Result<()> {
        if self.eager {
            self.inner.flush()
        } else {
            Ok(())
        }
    }

    /// Flushes everything written so far.
    pub fn finish(mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes one diagnostic line to stderr, prefixed `error: `. Never panics: if stderr itself is
/// gone there is nowhere left to report to, so the error is dropped.
pub fn error(args: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let _ = stderr
        .write_all(b"error: ")
        .and_then(|()| stderr.write_fmt(args))
        .and_then(|()| stderr.write_all(b"\n"));
}

/// Writes one line to stderr as is (see [`error`]).
pub fn note(args: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let _ = stderr
        .write_fmt(args)
        .and_then(|()| stderr.write_all(b"\n"));
}

/// `error!(...)`: [`error`] with `format_args!`.
macro_rules! report {
    ($($arg:tt)*) => {
        $crate::output::error(format_args!($($arg)*))
    };
}
pub(crate) use report;
