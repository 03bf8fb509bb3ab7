//! A match's result: [`URLPatternResult`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult)
//! and its [`URLPatternComponentResult`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatterncomponentresult)s.

use core::ops::{Deref, DerefMut};

use crate::components::{ComponentName, Components};
use crate::init::UrlPatternInit;

/// An input of a match, as [`UrlPatternResult::inputs`] lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchInput {
    /// A URL string (the input, then the base URL if one was given).
    String(String),
    /// A `URLPatternInit`.
    Init(UrlPatternInit),
}

/// A [`URLPatternComponentResult`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatterncomponentresult).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternComponentResult {
    /// The component of the input that was matched.
    pub input: String,
    /// Each group's name and value, in pattern order; `None` for a group that did not take
    /// part in the match (an unmatched optional group: `undefined` in JavaScript).
    pub groups: Vec<(String, Option<String>)>,
}

impl UrlPatternComponentResult {
    /// The value of the group `name`, if it exists and matched.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.groups
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// A [`URLPatternResult`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult): the
/// inputs and one [`UrlPatternComponentResult`] per component.
///
/// The component results are reached as the dictionary's members (`result.pathname`, through
/// [`Deref`] to [`Components`]) or by name (`result[ComponentName::Pathname]`).
///
/// ```
/// use weburl_pattern::{ComponentName, UrlPattern};
///
/// let pattern = UrlPattern::parse("https://example.com/books/:id", None)?;
/// let result = pattern.exec("https://example.com/books/42", None)?.unwrap();
/// assert_eq!(result.pathname.get("id"), Some("42"));
/// assert_eq!(result[ComponentName::Pathname].input, "/books/42");
/// # Ok::<(), weburl_pattern::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternResult {
    /// The inputs of the match.
    pub inputs: Vec<MatchInput>,
    /// `protocol` … `hash`: each component's result.
    pub components: Components<UrlPatternComponentResult>,
}

impl UrlPatternResult {
    /// The result for one component.
    pub fn component(&self, name: ComponentName) -> &UrlPatternComponentResult {
        &self.components[name]
    }
}

impl Deref for UrlPatternResult {
    type Target = Components<UrlPatternComponentResult>;

    fn deref(&self) -> &Self::Target {
        &self.components
    }
}

impl DerefMut for UrlPatternResult {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.components
    }
}
