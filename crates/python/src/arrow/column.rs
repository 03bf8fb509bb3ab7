//! A result column in Arrow's layout, built row by row from the catalogue's [`Datum`]s: the
//! buffers that `export.rs` hands out. Safe code only.
//!
//! Types, from the record's [`Type`]: `Varchar` is `string` (`large_string` when its text
//! passes 2 GiB), whatever string type the input was (Polars, pyarrow and pandas take `string`
//! everywhere, and one output type per function keeps results comparable); `Integer` is
//! `int32`, `BigInt` `int64`, `Boolean` `bool`, `VarcharList` `list<string>`, `PairList`
//! `list<struct<name: string, value: string>>`, `Components` a struct of one field per
//! component (`int32` for the two ports, `string` otherwise), as the Polars plugin and the SQL
//! engines give them.

use weburl_functions::catalogue::{Datum, Type};
use weburl_functions::Component;

use super::pool;

/// A bitmap, least significant bit first.
#[derive(Default, Debug)]
pub(crate) struct Bits {
    pub bytes: Vec<u8>,
    pub len: usize,
}

impl Bits {
    fn with_capacity(bits: usize) -> Bits {
        Bits {
            bytes: Vec::with_capacity(bits.div_ceil(8)),
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, value: bool) {
        if self.len.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if value {
            if let Some(last) = self.bytes.last_mut() {
                *last |= 1 << (self.len % 8);
            }
        }
        self.len += 1;
    }

    pub fn get(&self, i: usize) -> bool {
        self.bytes
            .get(i / 8)
            .is_some_and(|b| b & (1 << (i % 8)) != 0)
    }

    fn append(&mut self, other: &Bits) {
        if self.len.is_multiple_of(8) {
            self.bytes.extend_from_slice(&other.bytes);
            self.len += other.len;
            return;
        }
        for i in 0..other.len {
            self.push(other.get(i));
        }
    }

    /// Bits `start..start + len` as a bitmap of their own.
    pub fn slice(&self, start: usize, len: usize) -> Bits {
        let mut out = Bits::with_capacity(len);
        for i in start..start + len {
            out.push(self.get(i));
        }
        out
    }

    /// How many bits `start..start + len` are 0.
    pub fn zeros(&self, start: usize, len: usize) -> usize {
        (start..start + len).filter(|&i| !self.get(i)).count()
    }
}

/// Offsets into a child or a text buffer: 32-bit when the last one fits, else 64-bit.
#[derive(Debug)]
pub(crate) enum Offsets {
    Small(Vec<i32>),
    Large(Vec<i64>),
}

impl Offsets {
    /// Offsets of no row yet: `[0]`, room for `rows` more (a kept buffer, if there is one:
    /// `pool.rs`).
    fn new(rows: usize) -> Offsets {
        let mut offsets = pool::offsets(rows + 1);
        offsets.push(0);
        Offsets::Small(offsets)
    }

    /// Ends a row at `value`: 32-bit offsets until one does not fit, then 64-bit ones.
    #[inline(always)]
    fn push(&mut self, value: usize) {
        match self {
            Offsets::Small(offsets) => match i32::try_from(value) {
                Ok(v) => offsets.push(v),
                Err(_) => self.widen(value),
            },
            Offsets::Large(offsets) => offsets.push(value as i64),
        }
    }

    /// The first offset past `i32`: every offset becomes 64-bit.
    #[cold]
    #[inline(never)]
    fn widen(&mut self, value: usize) {
        if let Offsets::Small(offsets) = self {
            let mut large: Vec<i64> = offsets.iter().map(|&o| i64::from(o)).collect();
            large.push(value as i64);
            *self = Offsets::Large(large);
        }
    }

    /// Row `i`'s range: `(offsets[i], offsets[i + 1])`.
    fn range(&self, i: usize) -> Option<(usize, usize)> {
        let (a, b) = match self {
            Offsets::Small(o) => (
                usize::try_from(*o.get(i)?).ok()?,
                usize::try_from(*o.get(i + 1)?).ok()?,
            ),
            Offsets::Large(o) => (
                usize::try_from(*o.get(i)?).ok()?,
                usize::try_from(*o.get(i + 1)?).ok()?,
            ),
        };
        (a <= b).then_some((a, b))
    }

    /// Gives 32-bit offsets' buffer back to the pool (`pool.rs`), leaving none.
    fn give(&mut self) {
        if let Offsets::Small(offsets) = self {
            pool::give_offsets(std::mem::take(offsets));
        }
    }

    /// How many rows they end.
    fn rows(&self) -> usize {
        match self {
            Offsets::Small(o) => o.len().saturating_sub(1),
            Offsets::Large(o) => o.len().saturating_sub(1),
        }
    }

    /// `other`'s rows after these, shifted by `base`.
    fn append(&mut self, other: &Offsets, base: usize) {
        // 32-bit offsets on both sides whose shifted last one still fits: one pass of adds.
        if let (Offsets::Small(these), Offsets::Small(o)) = (&mut *self, other) {
            let last = o.last().map_or(0, |&v| v as usize);
            if let (Ok(shift), true) = (i32::try_from(base), i32::try_from(base + last).is_ok()) {
                these.extend(o.iter().skip(1).map(|&v| v + shift));
                return;
            }
        }
        match other {
            Offsets::Small(o) => {
                for &v in o.iter().skip(1) {
                    self.push(base + v as usize);
                }
            }
            Offsets::Large(o) => {
                for &v in o.iter().skip(1) {
                    self.push(base + v as usize);
                }
            }
        }
    }
}

/// A finished column.
#[derive(Debug)]
pub(crate) struct Node {
    pub len: usize,
    /// `None` when no row is NULL.
    pub validity: Option<Bits>,
    pub kind: Kind,
}

impl Drop for Node {
    /// A string column's text and 32-bit offsets, and a list's offsets, go back to the pool
    /// for the next call's result (`pool.rs`).
    fn drop(&mut self) {
        match &mut self.kind {
            Kind::Utf8 { offsets, text } => {
                pool::give_text(std::mem::take(text));
                offsets.give();
            }
            Kind::List { offsets, .. } => offsets.give(),
            _ => {}
        }
    }
}

/// A column's type and buffers.
#[derive(Debug)]
pub(crate) enum Kind {
    Utf8 { offsets: Offsets, text: Vec<u8> },
    Int32(Vec<i32>),
    Int64(Vec<i64>),
    Bool(Bits),
    List { offsets: Offsets, item: Box<Node> },
    Struct(Vec<(&'static str, Node)>),
}

impl Node {
    /// Whether row `i` is not NULL.
    fn valid(&self, i: usize) -> bool {
        self.validity.as_ref().is_none_or(|v| v.get(i))
    }

    /// Row `i` of a string column: its bytes, `None` for NULL (or another type).
    fn bytes(&self, i: usize) -> Option<&[u8]> {
        let Kind::Utf8 { offsets, text } = &self.kind else {
            return None;
        };
        if !self.valid(i) {
            return None;
        }
        let (a, b) = offsets.range(i)?;
        text.get(a..b)
    }

    /// How many rows `start..start + len` are NULL.
    pub fn nulls(&self, start: usize, len: usize) -> usize {
        self.validity.as_ref().map_or(0, |v| v.zeros(start, len))
    }
}

/// Validity being built: no bitmap until the first NULL.
#[derive(Debug)]
pub(crate) struct Valid {
    bits: Option<Bits>,
    rows: usize,
    nulls: usize,
}

impl Valid {
    fn new(_rows: usize) -> Valid {
        Valid {
            bits: None,
            rows: 0,
            nulls: 0,
        }
    }

    /// The bitmap, made (all valid so far) if there is none yet.
    #[cold]
    fn bits(&mut self) -> &mut Bits {
        let rows = self.rows;
        self.bits.get_or_insert_with(|| {
            let mut bits = Bits::with_capacity(rows);
            for _ in 0..rows {
                bits.push(true);
            }
            bits
        })
    }

    #[inline(always)]
    fn push(&mut self, valid: bool) {
        if let Some(bits) = &mut self.bits {
            bits.push(valid);
        } else if !valid {
            self.bits().push(valid);
        }
        self.rows += 1;
        self.nulls += usize::from(!valid);
    }

    fn append(&mut self, other: Valid) {
        match other.bits {
            Some(b) => self.bits().append(&b),
            None => {
                if let Some(bits) = &mut self.bits {
                    for _ in 0..other.rows {
                        bits.push(true);
                    }
                }
            }
        }
        self.rows += other.rows;
        self.nulls += other.nulls;
    }

    fn finish(self) -> Option<Bits> {
        if self.nulls > 0 {
            self.bits
        } else {
            None
        }
    }
}

/// A string column being built.
#[derive(Debug)]
pub(crate) struct Strings {
    offsets: Offsets,
    text: Vec<u8>,
    valid: Valid,
}

impl Strings {
    fn new(rows: usize) -> Strings {
        Strings {
            offsets: Offsets::new(rows),
            text: Vec::new(),
            valid: Valid::new(rows),
        }
    }

    /// Row `i` of `from` (a string column).
    fn push_from(&mut self, from: &Node, i: usize) {
        let bytes = from.bytes(i);
        if let Some(bytes) = bytes {
            self.text.extend_from_slice(bytes);
        }
        self.offsets.push(self.text.len());
        self.valid.push(bytes.is_some());
    }

    #[inline(always)]
    pub fn push(&mut self, s: Option<&str>) {
        if let Some(s) = s {
            self.text.extend_from_slice(s.as_bytes());
        }
        self.offsets.push(self.text.len());
        self.valid.push(s.is_some());
    }

    /// `other`'s rows after these; `other`'s buffers go back to the pool (`pool.rs`).
    fn append(&mut self, other: Strings) {
        let Strings {
            mut offsets,
            text,
            valid,
        } = other;
        let base = self.text.len();
        self.text.extend_from_slice(&text);
        self.offsets.append(&offsets, base);
        self.valid.append(valid);
        pool::give_text(text);
        offsets.give();
    }

    fn finish(mut self) -> Node {
        // A buffer reserved from the input's size and filled far less (a scheme, a port):
        // handed back but for what it holds.
        if self.text.capacity() > 2 * self.text.len() + 4096 {
            self.text.shrink_to_fit();
        }
        Node {
            len: self.offsets.rows(),
            validity: self.valid.finish(),
            kind: Kind::Utf8 {
                offsets: self.offsets,
                text: self.text,
            },
        }
    }
}

/// A list column being built: its offsets and validity, and its items.
#[derive(Debug)]
pub(crate) struct Lists<T> {
    offsets: Offsets,
    valid: Valid,
    items: T,
    count: usize,
}

impl<T> Lists<T> {
    fn new(rows: usize, items: T) -> Lists<T> {
        Lists {
            offsets: Offsets::new(rows),
            valid: Valid::new(rows),
            items,
            count: 0,
        }
    }

    /// Ends a row of `added` items (`None`: a NULL row).
    fn row(&mut self, added: Option<usize>) {
        self.count += added.unwrap_or(0);
        self.offsets.push(self.count);
        self.valid.push(added.is_some());
    }

    /// `offsets`' rows after these (a later part of a split call, of `count` items); its
    /// offsets buffer goes back to the pool (`pool.rs`).
    fn append_offsets(&mut self, mut offsets: Offsets, valid: Valid, count: usize) {
        let base = self.count;
        self.offsets.append(&offsets, base);
        self.valid.append(valid);
        self.count += count;
        offsets.give();
    }

    fn finish(self, item: Node) -> Node {
        Node {
            len: self.offsets.rows(),
            validity: self.valid.finish(),
            kind: Kind::List {
                offsets: self.offsets,
                item: Box::new(item),
            },
        }
    }
}

/// One field of `url_parse`'s struct.
#[derive(Debug)]
pub(crate) enum Field {
    Str(Strings),
    Int(Vec<i32>, Valid),
}

/// A result column being built, of one catalogue [`Type`].
#[derive(Debug)]
pub(crate) enum Builder {
    Str(Strings),
    I32(Vec<i32>, Valid),
    I64(Vec<i64>, Valid),
    Bool(Bits, Valid),
    List(Lists<Strings>),
    Pairs(Lists<(Strings, Strings)>),
    Components {
        fields: Vec<(Component, Field)>,
        valid: Valid,
        scratch: String,
    },
}

impl Builder {
    /// A builder of `returns` for about `rows` rows.
    pub fn new(returns: Type, rows: usize) -> Builder {
        match returns {
            Type::Varchar => Builder::Str(Strings::new(rows)),
            Type::Integer => Builder::I32(Vec::with_capacity(rows), Valid::new(rows)),
            Type::BigInt => Builder::I64(Vec::with_capacity(rows), Valid::new(rows)),
            Type::Boolean => Builder::Bool(Bits::with_capacity(rows), Valid::new(rows)),
            Type::VarcharList => Builder::List(Lists::new(rows, Strings::new(rows))),
            Type::PairList => {
                Builder::Pairs(Lists::new(rows, (Strings::new(rows), Strings::new(rows))))
            }
            Type::Components => Builder::Components {
                fields: Component::ALL
                    .iter()
                    .map(|&c| {
                        let field = if c.is_integer() {
                            Field::Int(Vec::with_capacity(rows), Valid::new(rows))
                        } else {
                            Field::Str(Strings::new(rows))
                        };
                        (c, field)
                    })
                    .collect(),
                valid: Valid::new(rows),
                scratch: String::new(),
            },
        }
    }

    /// One row's result; a datum of another type than the builder's is NULL.
    #[inline]
    pub fn push(&mut self, datum: Datum<'_>) {
        match (self, datum) {
            (Builder::Str(out), Datum::Str(s)) => out.push(Some(s)),
            (Builder::Str(out), _) => out.push(None),
            (Builder::I32(values, valid), datum) => {
                let v = match datum {
                    Datum::Int(i) => i32::try_from(i).ok(),
                    _ => None,
                };
                values.push(v.unwrap_or(0));
                valid.push(v.is_some());
            }
            (Builder::I64(values, valid), datum) => {
                let v = match datum {
                    Datum::Int(i) => Some(i),
                    _ => None,
                };
                values.push(v.unwrap_or(0));
                valid.push(v.is_some());
            }
            (Builder::Bool(values, valid), datum) => {
                let v = match datum {
                    Datum::Bool(b) => Some(b),
                    _ => None,
                };
                values.push(v.unwrap_or(false));
                valid.push(v.is_some());
            }
            (Builder::List(out), Datum::List(items)) => {
                for item in items.iter() {
                    out.items.push(Some(item));
                }
                out.row(Some(items.len()));
            }
            (Builder::List(out), _) => out.row(None),
            (Builder::Pairs(out), Datum::Pairs(items)) => {
                let mut count = 0;
                for (name, value) in items.pairs() {
                    out.items.0.push(Some(name));
                    out.items.1.push(Some(value));
                    count += 1;
                }
                out.row(Some(count));
            }
            (Builder::Pairs(out), _) => out.row(None),
            (
                Builder::Components {
                    fields,
                    valid,
                    scratch,
                },
                datum,
            ) => {
                let url = match datum {
                    Datum::Url(url) => Some(url),
                    _ => None,
                };
                valid.push(url.is_some());
                for (c, field) in fields {
                    match field {
                        Field::Str(out) => out.push(url.and_then(|u| c.string(u, scratch))),
                        Field::Int(values, valid) => {
                            let v = url.and_then(|u| c.integer(u));
                            values.push(v.map_or(0, i32::from));
                            valid.push(v.is_some());
                        }
                    }
                }
            }
        }
    }

    /// Row `i` of `from`, a column of this builder's type (another builder's result): how a
    /// result computed once per dictionary value is expanded by the indices. A row of another
    /// type is NULL.
    pub fn push_row(&mut self, from: &Node, i: usize) {
        let valid = from.valid(i);
        match (self, &from.kind) {
            (Builder::Str(out), _) => out.push_from(from, i),
            (Builder::I32(values, v), Kind::Int32(from)) => {
                values.push(from.get(i).copied().unwrap_or(0));
                v.push(valid && i < from.len());
            }
            (Builder::I64(values, v), Kind::Int64(from)) => {
                values.push(from.get(i).copied().unwrap_or(0));
                v.push(valid && i < from.len());
            }
            (Builder::Bool(values, v), Kind::Bool(from)) => {
                values.push(from.get(i));
                v.push(valid && i < from.len);
            }
            (Builder::List(out), Kind::List { offsets, item }) => {
                match offsets.range(i).filter(|_| valid) {
                    Some((a, b)) => {
                        for k in a..b {
                            out.items.push_from(item, k);
                        }
                        out.row(Some(b - a));
                    }
                    None => out.row(None),
                }
            }
            (Builder::Pairs(out), Kind::List { offsets, item }) => {
                let range = offsets.range(i).filter(|_| valid);
                match (range, &item.kind) {
                    (Some((a, b)), Kind::Struct(fields)) if fields.len() == 2 => {
                        for k in a..b {
                            for ((_, field), items) in
                                fields.iter().zip([&mut out.items.0, &mut out.items.1])
                            {
                                items.push_from(field, k);
                            }
                        }
                        out.row(Some(b - a));
                    }
                    _ => out.row(None),
                }
            }
            (
                Builder::Components {
                    fields, valid: v, ..
                },
                Kind::Struct(from),
            ) => {
                v.push(valid);
                for ((_, field), (_, from)) in fields.iter_mut().zip(from) {
                    match (field, &from.kind) {
                        (Field::Str(out), _) => out.push_from(from, i),
                        (Field::Int(values, v), Kind::Int32(ints)) => {
                            values.push(ints.get(i).copied().unwrap_or(0));
                            v.push(from.valid(i) && i < ints.len());
                        }
                        (Field::Int(values, v), _) => {
                            values.push(0);
                            v.push(false);
                        }
                    }
                }
            }
            (builder, _) => builder.push_null(),
        }
    }

    /// The string column being built, when the result is one: a row loop can push to it
    /// directly rather than through [`Builder::push`]'s match of every type.
    pub fn strings(&mut self) -> Option<&mut Strings> {
        match self {
            Builder::Str(out) => Some(out),
            _ => None,
        }
    }

    /// Room for about `bytes` more bytes of text in a string result (the input's text, for
    /// a function whose result is about as long or shorter): no regrowth of its buffer. A
    /// result with no text yet takes a kept buffer when there is one (`pool.rs`), which may
    /// have less room (a result's text is often much shorter than its input's) and then grows
    /// as it must.
    pub fn reserve_text(&mut self, bytes: usize) {
        if let Builder::Str(out) = self {
            if out.text.capacity() == 0 {
                out.text = pool::text(bytes);
            } else {
                out.text.reserve(bytes);
            }
        }
    }

    /// A NULL row.
    #[inline]
    pub fn push_null(&mut self) {
        self.push(Datum::Null);
    }

    /// `other`'s rows after this one's (both of the same type).
    pub fn append(&mut self, other: Builder) {
        match (self, other) {
            (Builder::Str(a), Builder::Str(b)) => a.append(b),
            (Builder::I32(a, va), Builder::I32(b, vb)) => {
                a.extend(b);
                va.append(vb);
            }
            (Builder::I64(a, va), Builder::I64(b, vb)) => {
                a.extend(b);
                va.append(vb);
            }
            (Builder::Bool(a, va), Builder::Bool(b, vb)) => {
                a.append(&b);
                va.append(vb);
            }
            (Builder::List(a), Builder::List(b)) => {
                a.append_offsets(b.offsets, b.valid, b.count);
                a.items.append(b.items);
            }
            (Builder::Pairs(a), Builder::Pairs(b)) => {
                a.append_offsets(b.offsets, b.valid, b.count);
                a.items.0.append(b.items.0);
                a.items.1.append(b.items.1);
            }
            (
                Builder::Components { fields, valid, .. },
                Builder::Components {
                    fields: other,
                    valid: other_valid,
                    ..
                },
            ) => {
                valid.append(other_valid);
                for ((_, a), (_, b)) in fields.iter_mut().zip(other) {
                    match (a, b) {
                        (Field::Str(a), Field::Str(b)) => a.append(b),
                        (Field::Int(a, va), Field::Int(b, vb)) => {
                            a.extend(b);
                            va.append(vb);
                        }
                        _ => {}
                    }
                }
            }
            // Builders of one function are of one type.
            _ => {}
        }
    }

    /// The finished column.
    pub fn finish(self) -> Node {
        match self {
            Builder::Str(out) => out.finish(),
            Builder::I32(values, valid) => Node {
                len: values.len(),
                validity: valid.finish(),
                kind: Kind::Int32(values),
            },
            Builder::I64(values, valid) => Node {
                len: values.len(),
                validity: valid.finish(),
                kind: Kind::Int64(values),
            },
            Builder::Bool(values, valid) => Node {
                len: values.len,
                validity: valid.finish(),
                kind: Kind::Bool(values),
            },
            Builder::List(out) => {
                let Lists {
                    offsets,
                    valid,
                    items,
                    count,
                } = out;
                let item = items.finish();
                Lists {
                    offsets,
                    valid,
                    items: (),
                    count,
                }
                .finish(item)
            }
            Builder::Pairs(out) => {
                let Lists {
                    offsets,
                    valid,
                    items: (names, values),
                    count,
                } = out;
                let names = names.finish();
                let item = Node {
                    len: names.len,
                    validity: None,
                    kind: Kind::Struct(vec![("name", names), ("value", values.finish())]),
                };
                Lists {
                    offsets,
                    valid,
                    items: (),
                    count,
                }
                .finish(item)
            }
            Builder::Components { fields, valid, .. } => {
                let len = valid.rows;
                let fields = fields
                    .into_iter()
                    .map(|(c, field)| {
                        let node = match field {
                            Field::Str(out) => out.finish(),
                            Field::Int(values, valid) => Node {
                                len: values.len(),
                                validity: valid.finish(),
                                kind: Kind::Int32(values),
                            },
                        };
                        (c.name(), node)
                    })
                    .collect();
                Node {
                    len,
                    validity: valid.finish(),
                    kind: Kind::Struct(fields),
                }
            }
        }
    }
}
