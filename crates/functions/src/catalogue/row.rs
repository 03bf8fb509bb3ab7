//! A function's row semantics: the [`Evaluator`] that computes one row from its arguments,
//! the NULL rule, the base URL of `url_join`, `url_is_valid` and `url_error`, the
//! percent-encode set of `url_percent_encode`.

use std::borrow::Cow;

use weburl::Url;

use super::{CallError, Function, Nulls, Value, MAX_ARGUMENTS};
use crate::{Bases, Component, EncodeSet};

/// What a record computes.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Op {
    /// One of weburl's own functions.
    Url(UrlOp),
    /// A dialect function.
    Dialect(crate::dialect::Op),
}

/// weburl's own functions.
#[derive(Debug, Clone, Copy)]
pub(crate) enum UrlOp {
    Component(Component),
    Parse,
    PathSegments,
    QueryParam,
    QueryParams,
    Join,
    IsValid,
    Error,
    PercentDecode,
    PercentEncode,
    Surt,
    Ssurt,
    SafeBrowsing,
    SafeBrowsingExpressions,
    /// weburl-canon's `strip_tracking`: the built-in list, or the rules (ClearURLs' JSON)
    /// given as the second argument.
    StripTracking,
    /// A Common Crawl URL index field; the suffix and domain fields take the text of a
    /// Public Suffix List as their second argument.
    CommonCrawl(weburl_canon::common_crawl::Field),
}

/// Strings one after another in one buffer: a list result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Items<'r> {
    text: &'r str,
    ranges: &'r [(usize, usize)],
}

impl<'r> Items<'r> {
    /// How many strings (for a [`Datum::Pairs`], twice the number of pairs).
    pub fn len(&self) -> usize {
        self.ranges.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The strings in order.
    pub fn iter(&self) -> impl Iterator<Item = &'r str> + 'r {
        let text = self.text;
        self.ranges
            .iter()
            .map(move |&(start, end)| text.get(start..end).unwrap_or(""))
    }

    /// The strings two by two: `(name, value)` of a [`Datum::Pairs`].
    pub fn pairs(&self) -> impl Iterator<Item = (&'r str, &'r str)> + 'r {
        let text = self.text;
        self.ranges.chunks_exact(2).map(move |pair| {
            let get = |i: usize| {
                pair.get(i)
                    .and_then(|&(start, end)| text.get(start..end))
                    .unwrap_or("")
            };
            (get(0), get(1))
        })
    }
}

/// One row's result, borrowing the arguments or the [`Evaluator`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Datum<'r> {
    /// NULL.
    Null,
    /// A string ([`Type::Varchar`](super::Type::Varchar)).
    Str(&'r str),
    /// An integer ([`Type::Integer`](super::Type::Integer) or
    /// [`Type::BigInt`](super::Type::BigInt): an engine's 32-bit column takes it when it fits,
    /// NULL otherwise).
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A list of strings.
    List(Items<'r>),
    /// A list of `(name, value)` pairs.
    Pairs(Items<'r>),
    /// A parsed URL, whose fields are its [`Component`]s ([`Type::Components`](super::Type::Components)).
    Url(&'r Url),
}

impl Datum<'_> {
    /// The result owned; `None` for NULL.
    pub fn to_value(&self) -> Option<Value> {
        Some(match self {
            Datum::Null => return None,
            Datum::Str(s) => Value::Str((*s).to_owned()),
            Datum::Int(i) => Value::Int(*i),
            Datum::Bool(b) => Value::Bool(*b),
            Datum::List(items) => Value::List(items.iter().map(str::to_owned).collect()),
            Datum::Pairs(items) => Value::Pairs(
                items
                    .pairs()
                    .map(|(n, v)| (n.to_owned(), v.to_owned()))
                    .collect(),
            ),
            Datum::Url(url) => super::components_value(url),
        })
    }
}

/// Computes a function row by row, keeping what the next row may reuse: the base URL of the
/// previous row (a column of one base is parsed once), the percent-encode set, and the buffers
/// of string and list results.
#[derive(Debug)]
pub struct Evaluator<'a> {
    function: &'static Function,
    bases: Bases<'a>,
    url: Option<Url>,
    scratch: String,
    text: String,
    ranges: Vec<(usize, usize)>,
    /// The percent-encode set named on the previous row.
    set: LastText<'a, EncodeSet>,
    /// The caller's tracking rules (ClearURLs' JSON) of the previous row.
    tracking: LastText<'a, weburl_canon::tracking::Rules>,
    /// The caller's Public Suffix List of the previous row.
    psl: LastText<'a, weburl::psl::List>,
}

/// What a text argument was read into on the previous row, with that text: a column of one
/// text (an encode set's name, rules, a list) is read once, not once a row.
#[derive(Debug)]
struct LastText<'a, T>(Option<(&'a str, T)>);

impl<'a, T> LastText<'a, T> {
    const NONE: Self = LastText(None);

    /// What `text` reads into: the previous row's when it is the same text, else `read`'s
    /// (kept for the next row).
    fn get<E>(
        &mut self,
        text: &'a str,
        read: impl FnOnce(&'a str) -> Result<T, E>,
    ) -> Result<&T, E> {
        let same = |last: &str| {
            // A column of one text is usually one buffer: no comparison of its bytes.
            (core::ptr::eq(last.as_ptr(), text.as_ptr()) && last.len() == text.len())
                || last == text
        };
        let kept = match self.0.take() {
            Some((last, value)) if same(last) => (last, value),
            previous => match read(text) {
                Ok(value) => (text, value),
                Err(e) => {
                    self.0 = previous;
                    return Err(e);
                }
            },
        };
        Ok(&self.0.insert(kept).1)
    }
}

impl<'a> Evaluator<'a> {
    /// An evaluator of `function`.
    pub fn new(function: &'static Function) -> Evaluator<'a> {
        Evaluator {
            function,
            bases: Bases::new(),
            url: None,
            scratch: String::new(),
            text: String::new(),
            ranges: Vec::new(),
            set: LastText::NONE,
            tracking: LastText::NONE,
            psl: LastText::NONE,
        }
    }

    /// The function it computes.
    pub fn function(&self) -> &'static Function {
        self.function
    }

    /// One row: `args` holds the row's arguments (`None` for NULL), as many as the engine was
    /// called with. Fails for a number of arguments the function does not take and for an
    /// error the function raises (not a NULL).
    pub fn eval(&mut self, args: &[Option<&'a str>]) -> Result<Datum<'_>, CallError> {
        let f = self.function;
        takes(f, args.len())?;
        let mut given = [""; MAX_ARGUMENTS];
        for (to, &from) in given.iter_mut().zip(args) {
            let Some(text) = argument(f, from) else {
                return Ok(Datum::Null);
            };
            *to = text;
        }
        let args = given.get(..args.len()).unwrap_or_default();
        self.call(args)
    }

    /// The rows of a call with one argument (an engine's loop over one column): the number of
    /// arguments is checked here, once, and each row is then [`Unary::eval`], which gives what
    /// [`eval`](Evaluator::eval) gives for that one argument without the check and the copy
    /// of the arguments on every row. Fails when the function does not take one argument.
    ///
    /// ```
    /// use weburl_functions::catalogue::{self, Datum, Evaluator};
    ///
    /// let f = catalogue::function("url_hostname").unwrap();
    /// let mut row = Evaluator::new(f);
    /// let mut one = row.one().unwrap();
    /// assert_eq!(one.eval(Some("https://EXAMPLE.com/")).unwrap(), Datum::Str("example.com"));
    /// assert_eq!(one.eval(None).unwrap(), Datum::Null);
    /// let join = catalogue::function("url_join").unwrap();
    /// assert!(Evaluator::new(join).one().is_err());
    /// ```
    pub fn one(&mut self) -> Result<Unary<'_, 'a>, CallError> {
        takes(self.function, 1)?;
        Ok(Unary { row: self })
    }

    /// A row's arguments, none NULL, to the function: [`eval`](Evaluator::eval)'s and
    /// [`Unary::eval`]'s dispatch (always inlined: `Unary::eval` is inlined into engines' loops,
    /// and this with it).
    #[inline(always)]
    fn call(&mut self, args: &[&'a str]) -> Result<Datum<'_>, CallError> {
        match self.function.op {
            Op::Url(op) => self.url_op(op, args),
            Op::Dialect(op) => self.dialect(op, args),
        }
    }

    /// A dialect function's row (out of line: [`Unary::eval`] is inlined into engines' loops).
    #[inline(never)]
    fn dialect(
        &mut self,
        op: crate::dialect::Op,
        args: &[&'a str],
    ) -> Result<Datum<'_>, CallError> {
        let value = op.call(args).map_err(|message| CallError { message })?;
        Ok(self.owned(value))
    }

    /// An owned (dialect) result as a datum of this evaluator's buffers.
    fn owned(&mut self, value: Option<Value>) -> Datum<'_> {
        match value {
            None => Datum::Null,
            Some(Value::Str(s)) => {
                self.scratch = s;
                Datum::Str(&self.scratch)
            }
            Some(Value::Int(i)) => Datum::Int(i),
            Some(Value::Bool(b)) => Datum::Bool(b),
            Some(Value::List(items)) => {
                self.text.clear();
                self.ranges.clear();
                for item in &items {
                    push(&mut self.text, &mut self.ranges, item);
                }
                Datum::List(self.items())
            }
            // No dialect function returns these.
            Some(Value::Pairs(_) | Value::Struct(_)) => Datum::Null,
        }
    }

    /// A string result computed elsewhere, kept in the scratch buffer; NULL for `None`.
    fn owned_str(&mut self, value: Option<String>) -> Datum<'_> {
        match value {
            None => Datum::Null,
            Some(s) => {
                self.scratch = s;
                Datum::Str(&self.scratch)
            }
        }
    }

    fn items(&self) -> Items<'_> {
        Items {
            text: &self.text,
            ranges: &self.ranges,
        }
    }

    fn url_op(&mut self, op: UrlOp, args: &[&'a str]) -> Result<Datum<'_>, CallError> {
        let first = args.first().copied().unwrap_or("");
        let second = args.get(1).copied();
        Ok(match op {
            UrlOp::Component(c) => {
                self.url = crate::parse(first);
                let Some(url) = &self.url else {
                    return Ok(Datum::Null);
                };
                if c.is_integer() {
                    c.integer(url)
                        .map_or(Datum::Null, |i| Datum::Int(i64::from(i)))
                } else {
                    c.string(url, &mut self.scratch)
                        .map_or(Datum::Null, Datum::Str)
                }
            }
            UrlOp::Parse => {
                self.url = crate::parse(first);
                self.url.as_ref().map_or(Datum::Null, Datum::Url)
            }
            UrlOp::PathSegments => {
                self.url = crate::parse(first);
                let Some(segments) = self.url.as_ref().and_then(crate::path_segments) else {
                    return Ok(Datum::Null);
                };
                self.text.clear();
                self.ranges.clear();
                for segment in segments {
                    push(&mut self.text, &mut self.ranges, segment);
                }
                Datum::List(self.items())
            }
            UrlOp::QueryParam => {
                self.url = crate::parse(first);
                let (Some(url), Some(name)) = (&self.url, second) else {
                    return Ok(Datum::Null);
                };
                match crate::query_param(url, name) {
                    None => Datum::Null,
                    Some(Cow::Borrowed(v)) => Datum::Str(v),
                    Some(Cow::Owned(v)) => {
                        self.scratch = v;
                        Datum::Str(&self.scratch)
                    }
                }
            }
            UrlOp::QueryParams => {
                self.url = crate::parse(first);
                let Some(url) = &self.url else {
                    return Ok(Datum::Null);
                };
                self.text.clear();
                self.ranges.clear();
                for (name, value) in crate::query_pairs(url) {
                    push(&mut self.text, &mut self.ranges, &name);
                    push(&mut self.text, &mut self.ranges, &value);
                }
                Datum::Pairs(self.items())
            }
            UrlOp::Join => {
                // url_join(base, ref).
                self.url = second.and_then(|r| self.bases.parse(r, Some(first)).ok());
                self.url
                    .as_ref()
                    .map_or(Datum::Null, |u| Datum::Str(u.href()))
            }
            UrlOp::IsValid => Datum::Bool(match second {
                // URL.canParse without a base: no URL record is built.
                None => crate::is_valid(first, None),
                Some(base) => self.bases.parse(first, Some(base)).is_ok(),
            }),
            UrlOp::Error => match self.bases.parse(first, second) {
                Ok(_) => Datum::Null,
                Err(e) => Datum::Str(e.name()),
            },
            UrlOp::PercentDecode => match crate::percent_decode(first) {
                Cow::Borrowed(v) => Datum::Str(v),
                Cow::Owned(v) => {
                    self.scratch = v;
                    Datum::Str(&self.scratch)
                }
            },
            UrlOp::PercentEncode => {
                let set = match second {
                    None => EncodeSet::Component,
                    Some(name) => *self.set.get(name, |name| {
                        name.parse::<EncodeSet>().map_err(|e| CallError {
                            message: format!("{}: {e}", self.function.name),
                        })
                    })?,
                };
                self.scratch.clear();
                crate::percent_encode_into(first, set, &mut self.scratch);
                Datum::Str(&self.scratch)
            }
            // The canonical keys (weburl-canon): NULL where the rule set has no key.
            UrlOp::Surt => self.owned_str(weburl_canon::surt::surt(first).ok()),
            UrlOp::Ssurt => self.owned_str(weburl_canon::ssurt::ssurt(first).ok()),
            UrlOp::SafeBrowsing => {
                self.owned_str(weburl_canon::safe_browsing::canonicalize(first).ok())
            }
            UrlOp::SafeBrowsingExpressions => {
                let Ok(expressions) = weburl_canon::safe_browsing::expressions(first) else {
                    return Ok(Datum::Null);
                };
                self.text.clear();
                self.ranges.clear();
                for e in &expressions {
                    push(&mut self.text, &mut self.ranges, e);
                }
                Datum::List(self.items())
            }
            UrlOp::StripTracking => {
                let rules = match second {
                    None => weburl_canon::tracking::Rules::builtin(),
                    Some(text) => self.tracking.get(text, |text| {
                        weburl_canon::tracking::Rules::from_json(text.as_bytes()).map_err(|e| {
                            CallError {
                                message: format!("{}: the rules: {e}", self.function.name),
                            }
                        })
                    })?,
                };
                let stripped = weburl_canon::tracking::strip_tracking(first, rules);
                self.owned_str(stripped.ok())
            }
            UrlOp::CommonCrawl(field) => {
                let list = match second {
                    None => weburl::psl::List::compiled(),
                    Some(text) => self.psl.get(text, |text| {
                        weburl::psl::List::parse(text).map_err(|e| CallError {
                            message: format!("{}: the Public Suffix List: {e}", self.function.name),
                        })
                    })?,
                };
                let value = weburl_canon::common_crawl::field_in(first, list, field);
                self.owned_str(value.ok().flatten())
            }
        })
    }
}

/// An [`Evaluator`] of a call with one argument, which [`Evaluator::one`] checked.
#[derive(Debug)]
pub struct Unary<'e, 'a> {
    row: &'e mut Evaluator<'a>,
}

impl<'a> Unary<'_, 'a> {
    /// One row: `value` is its argument (`None` for NULL); what [`Evaluator::eval`] gives for
    /// `&[value]`.
    #[inline]
    pub fn eval(&mut self, value: Option<&'a str>) -> Result<Datum<'_>, CallError> {
        let row = &mut *self.row;
        let Some(value) = argument(row.function, value) else {
            return Ok(Datum::Null);
        };
        row.call(&[value])
    }
}

/// Whether `f` takes `count` arguments: the error of a call that gives another number.
#[inline(always)]
fn takes(f: &Function, count: usize) -> Result<(), CallError> {
    if (f.min_arguments()..=f.max_arguments()).contains(&count) {
        Ok(())
    } else {
        Err(wrong_count(f, count))
    }
}

/// The error of a call of `f` with `count` arguments, which it does not take.
#[cold]
#[inline(never)]
fn wrong_count(f: &Function, count: usize) -> CallError {
    let s = if count == 1 { "" } else { "s" };
    CallError {
        message: format!("{}: {count} argument{s} given", f.syntax()),
    }
}

/// The NULL rule ([`Nulls`]) for one argument of `f`: its text, or `None` when the row is NULL
/// for it (the row's result is then NULL without a call).
#[inline(always)]
fn argument<'a>(f: &Function, value: Option<&'a str>) -> Option<&'a str> {
    match (f.nulls, value) {
        (Nulls::Strict, None) => None,
        (Nulls::Strict, Some(text)) => Some(text),
    }
}

/// Appends `item` to the buffer and its range to `ranges`.
fn push(text: &mut String, ranges: &mut Vec<(usize, usize)>, item: &str) {
    let start = text.len();
    text.push_str(item);
    ranges.push((start, text.len()));
}

#[cfg(test)]
mod tests {
    use super::Evaluator;
    use crate::catalogue;

    /// `one().eval(v)` is `eval(&[v])` for every function that takes one argument, and fails
    /// (once) for the others.
    #[test]
    fn one_is_eval_of_one_argument() {
        let inputs = [
            None,
            Some("https://user:pw@EXAMPLE.co.uk:8080/a/./b?q=1&r=%41#f"),
            Some("not a url"),
            Some(""),
            Some("http://[::1]/x y"),
            Some("https://xn--nxasmq6b.com/%E2%82%AC"),
        ];
        let mut ones = 0;
        for f in catalogue::functions() {
            let mut row = Evaluator::new(f);
            let mut other = Evaluator::new(f);
            let Ok(mut one) = other.one() else {
                assert!(f.min_arguments() > 1, "{}", f.name);
                continue;
            };
            ones += 1;
            for v in inputs {
                let a = row.eval(&[v]).map(|d| d.to_value()).map_err(|e| e.message);
                let b = one.eval(v).map(|d| d.to_value()).map_err(|e| e.message);
                assert_eq!(a, b, "{} on {v:?}", f.name);
            }
        }
        assert!(ones > 20, "{ones} functions of one argument");
    }

    /// `eval` and `one` say a wrong number of arguments the same way (one rule).
    #[test]
    fn a_wrong_count_is_one_error() {
        let join = catalogue::function("url_join").unwrap();
        let one = Evaluator::new(join).one().map(|_| ()).unwrap_err().message;
        let eval = Evaluator::new(join).eval(&[None]).unwrap_err().message;
        assert_eq!(one, eval);
        assert!(one.ends_with(": 1 argument given"), "{one}");
        let hostname = catalogue::function("url_hostname").unwrap();
        let two = Evaluator::new(hostname).eval(&[None, None]).unwrap_err();
        assert!(
            two.message.ends_with(": 2 arguments given"),
            "{}",
            two.message
        );
    }
}
