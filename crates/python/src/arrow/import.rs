//! Arrow in: a Python object's column through the Arrow PyCapsule interface
//! (`__arrow_c_array__`, else `__arrow_c_stream__`), read in place (no copy) as a string
//! column: `string`, `large_string`, `string_view`, their `binary` counterparts (a row that is
//! not UTF-8 reads as NULL), `null`, a dictionary of one of these under integer indices of any
//! width (pandas' `category`, Polars' `Categorical` and `Enum`; each chunk its own dictionary,
//! every valid row's index checked against it by [`Column::each_index`] before the rows are
//! computed), or a struct of one such column (a table or record batch of one column: DuckDB's
//! relations, Polars' data frames).
//!
//! Every read of the producer's buffers is in this module (this file and `import/views.rs`,
//! a view chunk's rows): [`Column::get`], [`Column::str`], [`Column::each_str`], `view_str`,
//! `check`, [`Dictionary`]'s index reads and the import itself. What is checked: each row against the array's length (and a dictionary's index
//! reads against its indices' length); a dictionary index against the dictionary's length;
//! an offset pair's order; a view's out-of-line bytes against the size of the data buffer it
//! names (one helper, `view`); the text's UTF-8 (a row that is not is NULL). What is trusted
//! from the producer, as the C data interface has it: the lengths of the buffers (validity
//! bits, offsets, views, indices and the sizes of the variadic buffers, as many as the array's
//! offset and length and `n_buffers` say), and that an `Offsets` array's offsets lie within
//! its data buffer.
#![allow(unsafe_code)]

use std::ffi::CStr;
use std::ptr::NonNull;
use std::sync::OnceLock;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

use super::ffi::{
    capsule_pointer, read_stream, take_array, take_schema, take_stream, ArrowArray, ArrowSchema,
};
pub(crate) use super::types::BadIndex;
use super::types::{
    consumed_twice, invalid, layout, not_strings, size, type_label, type_name, IndexType, Layout,
    StringType,
};

mod views;

/// How many rows of a `string` chunk [`Column::each_str`] checks as ASCII at once.
const BATCH: usize = 512;

/// A column handed to weburl: its schema and its chunks, owned (released on drop), and a
/// view of each chunk as strings.
pub(crate) struct Input {
    /// The chunks' views; they point into `_chunks`' buffers (declared first: dropped first).
    pub columns: Vec<Column>,
    /// Whether it came as a stream (its result is a stream of as many chunks).
    pub chunked: bool,
    _chunks: Vec<ArrowArray>,
    _schema: ArrowSchema,
}

/// A dictionary-encoded chunk's indices and its dictionary (the strings they point to).
pub(crate) struct Dictionary {
    indices: NonNull<u8>,
    /// How many indices the buffer holds (the array's offset plus its length).
    count: usize,
    width: IndexType,
    /// The dictionary's strings, one per index value (read in place, as any string chunk).
    pub values: Column,
}

/// What one pass over an `Offsets` chunk's text found (see [`Column::str`]).
#[derive(Clone, Copy, Default)]
struct Checked {
    /// The range of the data buffer that is UTF-8 as a whole, if any.
    range: Option<(usize, usize)>,
    /// Whether that range is ASCII: every byte of it is then a character boundary.
    ascii: bool,
}

/// One chunk's strings, read in place.
pub(crate) struct Column {
    layout: Layout,
    len: usize,
    /// The first row's index in the buffers (the array's offset, plus its parent's).
    offset: usize,
    /// The validity bitmap, if any, indexed from `offset`.
    validity: Option<NonNull<u8>>,
    /// The parent struct's validity bitmap and offset, if any.
    outer: Option<(NonNull<u8>, usize)>,
    /// Offsets or views.
    index: Option<NonNull<u8>>,
    /// The data buffer (`Offsets`).
    data: Option<NonNull<u8>>,
    /// The variadic data buffers and their sizes (`Views`).
    variadic: Vec<(NonNull<u8>, usize)>,
    /// The indices and the dictionary (`Dictionary`); a valid row's index outside the
    /// dictionary reads as NULL ([`Column::each_index`] reports it).
    dictionary: Option<Box<Dictionary>>,
    /// For `Offsets`: the range of the data buffer from the first row's start to the last
    /// row's end, when it is UTF-8 as a whole, and whether it is ASCII; checked once, by the
    /// first call of [`Column::str`] (a row within it that starts and ends on character
    /// boundaries is then UTF-8 without a check of its own). [`Column::each_str`] checks row by
    /// row instead, each row's bytes as they are read.
    checked: OnceLock<Checked>,
}

// SAFETY: a `Column` only reads the buffers of an array that its `Input` owns and keeps
// unreleased while the column lives; nothing writes them meanwhile, so any thread may read.
unsafe impl Send for Column {}
// SAFETY: as above.
unsafe impl Sync for Column {}

impl Column {
    /// How many rows.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether row `i` (`< len`) is not NULL.
    #[inline]
    fn valid(&self, i: usize) -> bool {
        if let Some((bits, offset)) = self.outer {
            if !bit(bits, offset + i) {
                return false;
            }
        }
        self.validity.is_none_or(|bits| bit(bits, self.offset + i))
    }

    /// The data buffer's range of row `j` (counted from the buffers' start) of an `Offsets`
    /// column.
    #[inline]
    fn range(&self, j: usize) -> Option<(usize, usize)> {
        let index = self.index?;
        let (start, end) = match self.layout {
            Layout::Offsets { large: true } => (read_i64(index, j)?, read_i64(index, j + 1)?),
            _ => (
                usize::try_from(read_i32(index, j)).ok()?,
                usize::try_from(read_i32(index, j + 1)).ok()?,
            ),
        };
        (start <= end).then_some((start, end))
    }

    /// The data buffer's bytes `start..end` (a row's range).
    #[inline]
    fn data(&self, start: usize, end: usize) -> Option<&[u8]> {
        if start == end {
            return Some(&[]);
        }
        let data = self.data?;
        // SAFETY: the offsets of a valid array are within its data buffer (the C data
        // interface's contract with its producer); `start < end` was checked.
        Some(unsafe { std::slice::from_raw_parts(data.as_ptr().add(start), end - start) })
    }

    /// Row `i`'s bytes, `None` for NULL (and for a row past the end).
    pub fn get(&self, i: usize) -> Option<&[u8]> {
        if i >= self.len || !self.valid(i) {
            return None;
        }
        let j = self.offset + i;
        match self.layout {
            Layout::Null => None,
            Layout::Dictionary => {
                let d = self.dictionary.as_deref()?;
                d.values.get(d.index(j)?)
            }
            Layout::Offsets { .. } => {
                let (start, end) = self.range(j)?;
                self.data(start, end)
            }
            Layout::Views => self.view(j).map(|(bytes, _)| bytes),
        }
    }

    /// What tells this chunk's strings from another's without reading them: its buffers'
    /// addresses, offset and length. Two chunks of equal identities are the same strings (a
    /// stream whose chunks share one dictionary: Polars' `Categorical`).
    pub fn identity(&self) -> Vec<usize> {
        let address = |p: Option<NonNull<u8>>| p.map_or(0, |p| p.as_ptr() as usize);
        let layout = match self.layout {
            Layout::Null => 0,
            Layout::Offsets { large: false } => 1,
            Layout::Offsets { large: true } => 2,
            Layout::Views => 3,
            Layout::Dictionary => 4,
        };
        let (outer, outer_offset) = self.outer.map_or((None, 0), |(p, o)| (Some(p), o));
        let mut identity = vec![
            layout,
            address(outer),
            outer_offset,
            self.offset,
            self.len,
            address(self.validity),
            address(self.index),
            address(self.data),
        ];
        identity.extend(self.variadic.iter().map(|&(p, _)| p.as_ptr() as usize));
        identity
    }

    /// The dictionary of a dictionary-encoded chunk.
    pub fn dictionary(&self) -> Option<&Dictionary> {
        self.dictionary.as_deref()
    }

    /// Each valid row's index into the dictionary, in order, to `each`, rows `0..len` (a
    /// `NULL` row is skipped); an index outside the dictionary is a [`BadIndex`] naming its
    /// row counted from `first_row` (the chunk's first row in the whole column). Nothing for a
    /// column that is not dictionary-encoded.
    pub fn each_index(
        &self,
        first_row: usize,
        mut each: impl FnMut(usize),
    ) -> Result<(), BadIndex> {
        let Some(d) = self.dictionary.as_deref() else {
            return Ok(());
        };
        let all_valid = self.validity.is_none() && self.outer.is_none();
        for i in 0..self.len {
            if !all_valid && !self.valid(i) {
                continue;
            }
            let j = self.offset + i;
            match d.index(j) {
                Some(k) => each(k),
                None => {
                    return Err(BadIndex {
                        row: first_row + i,
                        index: d.raw(j),
                        values: d.values.len,
                    })
                }
            }
        }
        Ok(())
    }

    /// Row `i`'s index into the dictionary: `None` for a NULL row (and for a row past the end,
    /// or a column that is not dictionary-encoded).
    #[inline]
    pub fn index(&self, i: usize) -> Option<usize> {
        if i >= self.len || !self.valid(i) {
            return None;
        }
        self.dictionary.as_deref()?.index(self.offset + i)
    }

    /// How many bytes of text rows `lo..hi` (`lo <= hi <= len`) span in the data buffer: what
    /// a result of about as much text reserves up front (0 when the layout does not say). For
    /// a dictionary-encoded chunk, the rows times its values' mean length.
    pub fn text_bytes(&self, lo: usize, hi: usize) -> usize {
        if lo >= hi {
            return 0;
        }
        if let Some(d) = self.dictionary.as_deref() {
            let values = d.values.len;
            let text = d.values.text_bytes(0, values);
            return (text / values.max(1)).saturating_mul(hi - lo);
        }
        if !matches!(self.layout, Layout::Offsets { .. }) {
            return 0;
        }
        let first = self.range(self.offset + lo).map_or(0, |r| r.0);
        let last = self.range(self.offset + hi - 1).map_or(0, |r| r.1);
        last.saturating_sub(first)
    }

    /// Rows `lo..hi` as text, in order, to `each`: what [`Column::str`] gives for each row.
    /// A `string` chunk is read in one pass over its offsets (each row's end is the next one's
    /// start), [`BATCH`] rows at a time: the text the batch spans is checked as ASCII in one go
    /// just before its rows are read (so it is in the cache when they are), and a row within
    /// an ASCII batch needs no check of its own; a batch that is not all ASCII is checked row
    /// by row (ASCII first, a word at a time, then UTF-8). A check per row costs about one
    /// mispredicted branch (where its loop ends), which the batch's check does not.
    #[inline]
    pub fn each_str<'a, E>(
        &'a self,
        lo: usize,
        hi: usize,
        mut each: impl FnMut(Option<&'a str>) -> Result<(), E>,
    ) -> Result<(), E> {
        let hi = hi.min(self.len);
        if self.layout == Layout::Views {
            for i in lo..hi {
                each(self.view_str(i))?;
            }
            return Ok(());
        }
        let (Layout::Offsets { large: false }, Some(index), true) =
            (self.layout, self.index, lo < hi)
        else {
            for i in lo..hi {
                each(self.str(i))?;
            }
            return Ok(());
        };
        // SAFETY: an offsets buffer holds `offset + len + 1` entries of 4 bytes; rows `lo..hi`
        // (`hi <= len`) read entries `offset + lo ..= offset + hi`.
        let offsets = unsafe {
            std::slice::from_raw_parts(
                index.as_ptr().add((self.offset + lo) * 4),
                (hi - lo + 1) * 4,
            )
        };
        // Entry `k` (from row `lo`'s start), if it is one and not negative.
        let entry = |k: usize| {
            offsets
                .get(k * 4..k * 4 + 4)
                .and_then(|b| <[u8; 4]>::try_from(b).ok())
                .and_then(|b| usize::try_from(i32::from_ne_bytes(b)).ok())
        };
        let rows = hi - lo;
        let all_valid = self.validity.is_none() && self.outer.is_none();
        let mut k = 0;
        while k < rows {
            let last = (k + BATCH).min(rows);
            // Rows `k..last` span entries `k..=last`: is their text ASCII as a whole?
            let span = match (entry(k), entry(last)) {
                (Some(a), Some(b)) if a <= b => Some((a, b)),
                _ => None,
            };
            let ascii = span
                .and_then(|(a, b)| self.data(a, b))
                .is_some_and(<[u8]>::is_ascii);
            let (span_lo, span_hi) = span.unwrap_or((0, 0));
            // The next batch's text, fetched into the cache while this batch's rows are
            // computed (each row its share: `prefetch_share`): its check then reads it from
            // the cache. None after the last batch (`lines` is then 0).
            let next = entry((last + BATCH).min(rows)).unwrap_or(span_hi);
            let ahead = self.data.map(|d| d.as_ptr().wrapping_add(span_hi));
            let lines = next.saturating_sub(span_hi).div_ceil(64);
            let mut start = entry(k);
            for (j, end) in offsets
                .get((k + 1) * 4..(last + 1) * 4)
                .unwrap_or_default()
                .chunks_exact(4)
                .enumerate()
            {
                let row = lo + k + j;
                if let Some(ahead) = ahead {
                    prefetch_share(ahead, j, lines);
                }
                let end = <[u8; 4]>::try_from(end)
                    .ok()
                    .and_then(|b| usize::try_from(i32::from_ne_bytes(b)).ok());
                let value = if !all_valid && !self.valid(row) {
                    None
                } else {
                    match (start, end) {
                        (Some(a), Some(b)) if ascii && span_lo <= a && a <= b && b <= span_hi => {
                            self.data(a, b).map(|bytes| {
                                // SAFETY: `bytes` lie within the batch's text, which is ASCII,
                                // and ASCII is UTF-8.
                                unsafe { std::str::from_utf8_unchecked(bytes) }
                            })
                        }
                        (Some(a), Some(b)) if a <= b => self.data(a, b).and_then(|bytes| {
                            if weburl::bytes::is_ascii(bytes) {
                                // SAFETY: ASCII is UTF-8.
                                Some(unsafe { std::str::from_utf8_unchecked(bytes) })
                            } else {
                                std::str::from_utf8(bytes).ok()
                            }
                        }),
                        _ => None,
                    }
                };
                each(value)?;
                start = end;
            }
            k = last;
        }
        Ok(())
    }

    /// Row `i` as text, checked alone (ASCII a word at a time, then UTF-8): a dictionary's
    /// value, of which a chunk may read only a few (where [`Column::str`] would check the text
    /// of every row once).
    #[inline]
    fn value_str(&self, i: usize) -> Option<&str> {
        if self.layout == Layout::Views {
            return self.view_str(i);
        }
        let bytes = self.get(i)?;
        if weburl::bytes::is_ascii(bytes) {
            // SAFETY: ASCII is UTF-8.
            Some(unsafe { std::str::from_utf8_unchecked(bytes) })
        } else {
            std::str::from_utf8(bytes).ok()
        }
    }

    /// The text of every row of an `Offsets` chunk, checked as UTF-8 in one pass.
    fn check(&self) -> Checked {
        if !matches!(self.layout, Layout::Offsets { .. }) || self.len == 0 {
            return Checked::default();
        }
        let (first, _) = self.range(self.offset).unwrap_or((0, 0));
        let (_, last) = self.range(self.offset + self.len - 1).unwrap_or((0, 0));
        match (first < last).then(|| self.data(first, last)).flatten() {
            Some(text) if weburl::bytes::is_ascii(text) => Checked {
                range: Some((first, last)),
                ascii: true,
            },
            Some(text) if std::str::from_utf8(text).is_ok() => Checked {
                range: Some((first, last)),
                ascii: false,
            },
            _ => Checked::default(),
        }
    }

    /// Row `i` as text: `None` for NULL and for bytes that are not UTF-8.
    #[inline]
    pub fn str(&self, i: usize) -> Option<&str> {
        if let Some(d) = self.dictionary.as_deref() {
            return d.values.value_str(self.index(i)?);
        }
        let Checked { range, ascii } = *self.checked.get_or_init(|| self.check());
        let Some((lo, hi)) = range else {
            return self.get(i).and_then(|b| std::str::from_utf8(b).ok());
        };
        if i >= self.len || !self.valid(i) {
            return None;
        }
        let (start, end) = self.range(self.offset + i)?;
        let bytes = self.data(start, end)?;
        if start < lo || end > hi {
            return std::str::from_utf8(bytes).ok();
        }
        let boundary = |at: usize| {
            at == hi
                || self
                    .data(at, at + 1)
                    .and_then(|b| b.first())
                    .is_some_and(|&b| (b as i8) >= -0x40)
        };
        if !ascii && (!boundary(start) || !boundary(end)) {
            return None;
        }
        // SAFETY: `bytes` lie within `lo..hi`, which is UTF-8 as a whole (`check`),
        // and start and end on character boundaries (not on a continuation byte, or anywhere
        // in ASCII text), so they are UTF-8 themselves.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    }
}

impl Dictionary {
    /// Index `j` (counted from the indices buffer's start) as a row of the dictionary, if it is
    /// one.
    #[inline]
    fn index(&self, j: usize) -> Option<usize> {
        usize::try_from(self.raw(j)?)
            .ok()
            .filter(|&k| k < self.values.len)
    }

    /// Index `j`'s value: `None` past the indices buffer's `count` entries.
    #[inline]
    fn raw(&self, j: usize) -> Option<i128> {
        if j >= self.count {
            return None;
        }
        let p = self.indices.as_ptr();
        // SAFETY: the indices buffer holds `count` entries of `width` (the array's offset plus
        // its length: the C data interface's contract with its producer), and `j < count`.
        Some(unsafe {
            match self.width {
                IndexType::I8 => p.cast::<i8>().add(j).read().into(),
                IndexType::U8 => p.add(j).read().into(),
                IndexType::I16 => p.cast::<i16>().add(j).read_unaligned().into(),
                IndexType::U16 => p.cast::<u16>().add(j).read_unaligned().into(),
                IndexType::I32 => p.cast::<i32>().add(j).read_unaligned().into(),
                IndexType::U32 => p.cast::<u32>().add(j).read_unaligned().into(),
                IndexType::I64 => p.cast::<i64>().add(j).read_unaligned().into(),
                IndexType::U64 => p.cast::<u64>().add(j).read_unaligned().into(),
            }
        })
    }
}

/// Asks for row `j`'s share (`j < BATCH`) of the next batch's text, `lines` cache lines from
/// `ahead`, so that a batch's [`BATCH`] rows ask for all of them: of at most [`BATCH`] lines,
/// line `j * lines / BATCH` (one a row); of more, lines `j * lines / BATCH` up to
/// `(j + 1) * lines / BATCH`. Nothing when `lines` is 0 (after the last batch), nor on a
/// target without the prefetch instruction.
#[inline(always)]
fn prefetch_share(ahead: *const u8, j: usize, lines: usize) {
    // A 64-bit target: `j * lines` fits (`lines` is a byte count over 64).
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    {
        match lines {
            0 => {}
            1..=BATCH => prefetch(ahead.wrapping_add(j * lines / BATCH * 64)),
            _ => {
                for at in j * lines / BATCH..(j + 1) * lines / BATCH {
                    prefetch(ahead.wrapping_add(at * 64));
                }
            }
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = (ahead, j, lines);
}

/// Asks for the cache line at `p` (an address only: nothing is read).
#[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
#[inline(always)]
fn prefetch(p: *const u8) {
    // SAFETY: the intrinsic requires SSE, which the cfg above ensures; a prefetch is a hint
    // with no effect on the program's behaviour (it reads nothing, and an address of no
    // mapping is ignored, not a fault), so any address is allowed.
    unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p.cast()) };
}

/// Bit `i` of a bitmap (least significant bit first).
#[inline]
fn bit(bits: NonNull<u8>, i: usize) -> bool {
    // SAFETY: a validity bitmap holds a bit for each row from the buffer's start; `i` is one
    // (the callers index within the array's offset and length).
    let byte = unsafe { bits.as_ptr().add(i / 8).read() };
    byte & (1 << (i % 8)) != 0
}

#[inline]
fn read_i32(index: NonNull<u8>, i: usize) -> i32 {
    // SAFETY: an offsets buffer holds `offset + length + 1` entries; `i` is one of them.
    unsafe { index.as_ptr().cast::<i32>().add(i).read_unaligned() }
}

fn read_i64(index: NonNull<u8>, i: usize) -> Option<usize> {
    // SAFETY: as `read_i32`, for 64-bit offsets.
    let v = unsafe { index.as_ptr().cast::<i64>().add(i).read_unaligned() };
    usize::try_from(v).ok()
}

/// The format string of a `requested_schema` (an `arrow_schema` capsule, read and left to its
/// owner), `None` if it is released; a `TypeError` if it is not such a capsule.
pub(crate) fn requested_format(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if obj.cast::<PyCapsule>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "weburl.arrow: requested_schema must be an arrow_schema PyCapsule, not {}",
            type_name(obj)
        )));
    }
    let schema = capsule_pointer(obj, c"arrow_schema", "requested_schema")?;
    // SAFETY: an `arrow_schema` capsule holds an `ArrowSchema`, live unless released; it is
    // only read here (not moved), while the caller holds the capsule.
    let schema = unsafe { &*schema.cast::<ArrowSchema>() };
    if schema.release.is_none() {
        return Ok(None);
    }
    format(schema).map(|f| Some(f.to_owned()))
}

/// Imports `obj`'s column: `__arrow_c_array__` if it has one, else `__arrow_c_stream__`.
pub(crate) fn import(obj: &Bound<'_, PyAny>) -> PyResult<Input> {
    if obj.hasattr("__arrow_c_array__")? {
        let pair = obj.call_method0("__arrow_c_array__")?;
        let (schema, array): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract()?;
        let schema = capsule_pointer(&schema, c"arrow_schema", "__arrow_c_array__")?;
        let array = capsule_pointer(&array, c"arrow_array", "__arrow_c_array__")?;
        // SAFETY: the capsules hold a live `ArrowSchema` and `ArrowArray` (the PyCapsule
        // interface's contract, checked by the capsules' names); moving them out leaves the
        // capsules released, as the interface expects of a consumer.
        let (schema, array) = unsafe { (take_schema(schema.cast()), take_array(array.cast())) };
        if schema.release.is_none() || array.release.is_none() {
            return Err(consumed_twice());
        }
        return Input::new(schema, vec![array], false);
    }
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = obj.call_method0("__arrow_c_stream__")?;
        let stream = capsule_pointer(&capsule, c"arrow_array_stream", "__arrow_c_stream__")?;
        // SAFETY: as above, for an `ArrowArrayStream`.
        let mut stream = unsafe { take_stream(stream.cast()) };
        if stream.release.is_none() {
            return Err(consumed_twice());
        }
        let (schema, chunks) = read_stream(&mut stream)?;
        return Input::new(schema, chunks, true);
    }
    Err(PyTypeError::new_err(format!(
        "weburl.arrow: {} is not an Arrow array (an object with __arrow_c_array__ or \
         __arrow_c_stream__, such as a pyarrow, Polars, DuckDB or nanoarrow array)",
        type_name(obj)
    )))
}

/// The format string of a schema.
fn format(schema: &ArrowSchema) -> PyResult<&str> {
    if schema.format.is_null() {
        return Err(PyValueError::new_err(
            "weburl.arrow: a schema without a format",
        ));
    }
    // SAFETY: a live schema's `format` is a NUL-terminated string that lives as long as it.
    let format = unsafe { CStr::from_ptr(schema.format) };
    format
        .to_str()
        .map_err(|_| PyValueError::new_err("weburl.arrow: a format that is not UTF-8"))
}

/// The string type of a schema: a string layout, or a dictionary of strings (integer indices
/// into `string`, `large_string`, `string_view` or their `binary` counterparts); `None` for
/// another type (a dictionary of other values is a `TypeError` here).
fn string_type(schema: &ArrowSchema) -> PyResult<Option<StringType>> {
    let format = format(schema)?;
    // SAFETY: a live schema's `dictionary` is null or a live schema of the dictionary's values.
    let Some(values) = (unsafe { schema.dictionary.as_ref() }) else {
        return Ok(layout(format).map(|layout| StringType {
            layout,
            dictionary: None,
        }));
    };
    let value_format = self::format(values)?;
    let value_layout = match (values.dictionary.is_null(), layout(value_format)) {
        (true, Some(layout)) => layout,
        (false, _) => {
            return Err(PyTypeError::new_err(
                "weburl.arrow: a dictionary of dictionaries is not a string column (a \
                 dictionary's values must be string, large_string, string_view or binary)",
            ))
        }
        _ => {
            return Err(PyTypeError::new_err(format!(
                "weburl.arrow: a dictionary of {} is not a string column (a dictionary's values \
                 must be string, large_string, string_view or binary)",
                type_label(value_format)
            )))
        }
    };
    let Some(width) = IndexType::of(format) else {
        return Err(invalid(&format!(
            "dictionary indices of {}",
            type_label(format)
        )));
    };
    Ok(Some(StringType {
        layout: Layout::Dictionary,
        dictionary: Some((width, value_layout)),
    }))
}

impl Input {
    fn new(schema: ArrowSchema, chunks: Vec<ArrowArray>, chunked: bool) -> PyResult<Input> {
        let (ty, child) = match string_type(&schema)? {
            Some(ty) => (ty, false),
            None => {
                let top = format(&schema)?;
                if top != "+s" {
                    return Err(not_strings(top));
                }
                // A table or record batch: one column of strings.
                let child = match (schema.n_children, schema.children.is_null()) {
                    // SAFETY: a struct schema's `children` holds `n_children` live schemas.
                    (1, false) => unsafe { (*schema.children).as_ref() },
                    _ => None,
                };
                let Some(child) = child else {
                    return Err(PyTypeError::new_err(format!(
                        "weburl.arrow: a table of {} columns: pass one column",
                        schema.n_children
                    )));
                };
                match string_type(child)? {
                    Some(ty) => (ty, true),
                    None => return Err(not_strings(format(child)?)),
                }
            }
        };
        let columns = chunks
            .iter()
            .map(|a| column(a, ty, child))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Input {
            columns,
            chunked,
            _chunks: chunks,
            _schema: schema,
        })
    }
}

/// Buffer `i` of `array` (null if the array has it null).
fn buffer(array: &ArrowArray, i: usize) -> PyResult<Option<NonNull<u8>>> {
    let n = usize::try_from(array.n_buffers).map_err(|_| invalid("n_buffers"))?;
    if i >= n || array.buffers.is_null() {
        return Err(invalid("too few buffers"));
    }
    // SAFETY: a live array's `buffers` holds `n_buffers` pointers, and `i < n_buffers`.
    let p = unsafe { array.buffers.add(i).read() };
    Ok(NonNull::new(p.cast_mut().cast::<u8>()))
}

/// The view of one chunk (`child`: the string column is the chunk's only child).
fn column(array: &ArrowArray, ty: StringType, child: bool) -> PyResult<Column> {
    let (array, outer, parent_offset, len) = if child {
        if array.n_children < 1 || array.children.is_null() {
            return Err(invalid("a struct without its column"));
        }
        // SAFETY: a live struct array's `children` holds `n_children` live arrays.
        let Some(inner) = (unsafe { (*array.children).as_ref() }) else {
            return Err(invalid("a null child"));
        };
        let validity = if array.null_count != 0 {
            buffer(array, 0)?
        } else {
            None
        };
        let offset = size(array.offset, "offset")?;
        (
            inner,
            validity.map(|v| (v, offset)),
            offset,
            size(array.length, "length")?,
        )
    } else {
        (array, None, 0, size(array.length, "length")?)
    };
    let offset = size(array.offset, "offset")?
        .checked_add(parent_offset)
        .ok_or_else(|| invalid("offset"))?;
    if !child && size(array.length, "length")? != len {
        return Err(invalid("length"));
    }
    let mut column = Column {
        layout: ty.layout,
        len,
        offset,
        validity: None,
        outer,
        index: None,
        data: None,
        variadic: Vec::new(),
        dictionary: None,
        checked: OnceLock::new(),
    };
    if ty.layout == Layout::Null || len == 0 {
        column.layout = Layout::Null;
        return Ok(column);
    }
    if array.null_count != 0 {
        column.validity = buffer(array, 0)?;
    }
    let index = buffer(array, 1)?.ok_or_else(|| invalid("no offsets, views or indices"))?;
    column.index = Some(index);
    match ty.layout {
        Layout::Dictionary => {
            let Some((width, values)) = ty.dictionary else {
                return Err(invalid("a dictionary without its type"));
            };
            // SAFETY: a live dictionary-encoded array's `dictionary` is a live array of its
            // values, owned (and released) with it.
            let Some(dictionary) = (unsafe { array.dictionary.as_ref() }) else {
                return Err(invalid("a dictionary-encoded array without its dictionary"));
            };
            let values = StringType {
                layout: values,
                dictionary: None,
            };
            column.dictionary = Some(Box::new(Dictionary {
                indices: index,
                count: offset.checked_add(len).ok_or_else(|| invalid("length"))?,
                width,
                values: self::column(dictionary, values, false)?,
            }));
        }
        Layout::Offsets { .. } => {
            column.data = buffer(array, 2)?;
        }
        Layout::Views => {
            let n = size(array.n_buffers, "n_buffers")?;
            let count = n.checked_sub(3).ok_or_else(|| invalid("too few buffers"))?;
            let sizes = buffer(array, n - 1)?;
            for k in 0..count {
                // A null data buffer keeps its place: rows that point into it read as NULL.
                let Some(data) = buffer(array, 2 + k)? else {
                    column.variadic.push((NonNull::dangling(), 0));
                    continue;
                };
                let Some(sizes) = sizes else {
                    return Err(invalid("no variadic buffer sizes"));
                };
                // SAFETY: the last buffer of a view array holds one `i64` size per variadic
                // buffer, and `k` is one.
                let bytes = unsafe { sizes.as_ptr().cast::<i64>().add(k).read_unaligned() };
                column
                    .variadic
                    .push((data, size(bytes, "variadic buffer size")?));
            }
        }
        Layout::Null => {}
    }
    Ok(column)
}
