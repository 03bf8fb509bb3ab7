//! Progress on stderr (rows read so far, and the time taken) for queries that run long, and
//! the one writer of stderr lines, so that a diagnostic never lands in the middle of a
//! progress line.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use datafusion::physical_plan::ExecutionPlan;

/// When to show progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// On a terminal, once the query has run for [`AUTO_DELAY`]; never elsewhere (the
    /// convention of `git` and `cargo`: a log file gets no carriage-return animation).
    Auto,
    /// From the start, terminal or not (`--progress`), with a last line when done.
    Always,
    /// Never (`--no-progress`).
    Never,
}

/// How long a query runs before [`Mode::Auto`] shows progress.
pub const AUTO_DELAY: Duration = Duration::from_secs(2);

/// What the text tables have read so far (the file formats' scans are counted from the
/// plan's metrics instead).
#[derive(Debug, Default)]
pub struct Counters {
    /// Rows (lines) produced.
    pub rows: AtomicU64,
    /// Bytes read.
    pub bytes: AtomicU64,
}

/// Whether stderr ends in a progress line that has no newline yet.
static LINE_OPEN: Mutex<bool> = Mutex::new(false);

fn line_open() -> MutexGuard<'static, bool> {
    LINE_OPEN
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Writes one line on stderr, first erasing a progress line. Never panics: with stderr gone
/// there is nowhere left to report to.
pub fn eprint_line(args: fmt::Arguments<'_>) {
    let mut open = line_open();
    let mut stderr = io::stderr().lock();
    if *open {
        let _ = stderr.write_all(b"\r\x1b[K");
        *open = false;
    }
    let _ = stderr
        .write_fmt(args)
        .and_then(|()| stderr.write_all(b"\n"));
}

/// A running progress display; [`Reporter::finish`] ends it.
pub struct Reporter {
    stop: mpsc::Sender<bool>,
    thread: JoinHandle<()>,
}

impl Reporter {
    /// Starts showing the progress of `plan` (and of the text tables, `counters`) as `mode`
    /// says; `None` when it will show nothing.
    pub fn start(
        mode: Mode,
        counters: Arc<Counters>,
        plan: Arc<dyn ExecutionPlan>,
    ) -> Option<Reporter> {
        let terminal = io::stderr().is_terminal();
        let (delay, tick) = match (mode, terminal) {
            (Mode::Never, _) | (Mode::Auto, false) => return None,
            (Mode::Auto, true) => (AUTO_DELAY, Duration::from_millis(250)),
            (Mode::Always, true) => (Duration::ZERO, Duration::from_millis(250)),
            (Mode::Always, false) => (Duration::ZERO, Duration::from_secs(1)),
        };
        let (stop, stopped) = mpsc::channel::<bool>();
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            let mut shown = mode == Mode::Always;
            let succeeded = loop {
                match stopped.recv_timeout(tick) {
                    Ok(succeeded) => break succeeded,
                    Err(RecvTimeoutError::Disconnected) => break false,
                    Err(RecvTimeoutError::Timeout) => {}
                }
                let elapsed = start.elapsed();
                if elapsed < delay {
                    continue;
                }
                shown = true;
                let status = Status::now(&counters, plan.as_ref(), elapsed);
                draw(&status, terminal);
            };
            if shown && succeeded {
                let status = Status::now(&counters, plan.as_ref(), start.elapsed());
                eprint_line(format_args!("weburl-sql: {status}, done"));
            } else {
                erase();
            }
        });
        Some(Reporter { stop, thread })
    }

    /// Ends the display, with a last line when it showed anything and the query succeeded.
    pub fn finish(self, succeeded: bool) {
        let _ = self.stop.send(succeeded);
        let _ = self.thread.join();
    }
}

/// Erases a progress line, if one is open.
fn erase() {
    without_line(|| ());
}

/// Runs `f` (a write to stdout, which may be the same terminal) with no progress line on
/// stderr, and none drawn while it runs.
pub fn without_line<T>(f: impl FnOnce() -> T) -> T {
    let mut open = line_open();
    if *open {
        let _ = io::stderr().lock().write_all(b"\r\x1b[K");
        *open = false;
    }
    f()
}

/// Draws `status`: in place on a terminal, as a line of its own elsewhere.
fn draw(status: &Status, terminal: bool) {
    if terminal {
        let mut open = line_open();
        let mut stderr = io::stderr().lock();
        let _ = write!(stderr, "\r\x1b[Kweburl-sql: {status}").and_then(|()| stderr.flush());
        *open = true;
    } else {
        eprint_line(format_args!("weburl-sql: {status}"));
    }
}

/// The progress at one moment.
struct Status {
    rows: u64,
    bytes: u64,
    elapsed: Duration,
}

impl Status {
    fn now(counters: &Counters, plan: &dyn ExecutionPlan, elapsed: Duration) -> Status {
        Status {
            rows: counters.rows.load(Ordering::Relaxed) + scanned_rows(plan),
            bytes: counters.bytes.load(Ordering::Relaxed),
            elapsed,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} rows read", Thousands(self.rows))?;
        if self.bytes > 0 {
            // Text tables only: how much of the input that is.
            write!(f, " ({:.1} MB of text)", self.bytes as f64 / 1e6)?;
        }
        write!(f, " in {:.1} s", self.elapsed.as_secs_f64())
    }
}

/// The rows the plan's scans (its leaves) have produced so far, by their metrics. A text
/// table's scan (`StreamingTableExec`) counts in [`Counters`] instead.
fn scanned_rows(plan: &dyn ExecutionPlan) -> u64 {
    let children = plan.children();
    if children.is_empty() {
        if plan.name() == "StreamingTableExec" {
            return 0;
        }
        return plan
            .metrics()
            .and_then(|metrics| metrics.output_rows())
            .map_or(0, |rows| rows as u64);
    }
    children
        .into_iter()
        .map(|child| scanned_rows(child.as_ref()))
        .sum()
}

/// A number with thousands separators: `12,345,678`.
struct Thousands(u64);

impl fmt::Display for Thousands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.to_string();
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                f.write_str(",")?;
            }
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands() {
        for (n, want) in [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (123456, "123,456"),
            (12345678, "12,345,678"),
        ] {
            assert_eq!(Thousands(n).to_string(), want);
        }
    }

    #[test]
    fn status_line() {
        let status = Status {
            rows: 1_234_567,
            bytes: 52_000_000,
            elapsed: Duration::from_millis(4300),
        };
        assert_eq!(
            status.to_string(),
            "1,234,567 rows read (52.0 MB of text) in 4.3 s"
        );
    }
}
