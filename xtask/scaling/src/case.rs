//! What `weburl-scaling` times: the type of a case, which `cases.rs` and `pattern_cases.rs`
//! both build (in a module of its own, so that neither imports the other's type).

/// A case: a name, and a function that builds the work for a size (returning a closure that
/// does the work once).
pub struct Case {
    pub name: &'static str,
    /// Four sizes, a decade apart.
    pub sizes: [usize; 4],
    pub setup: fn(usize) -> Box<dyn FnMut()>,
}
