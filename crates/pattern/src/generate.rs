//! `URLPattern.generate(component, groups)` (tentative in WPT, not yet in the standard): the
//! component string that a pattern of fixed text and named segment groups would match, with
//! each group's value encoded by the component's encoding callback.

use crate::component::Component;
use crate::error::Error;
use crate::parser::{Modifier, PartType};

/// Fills `component`'s groups from `group`; refuses (as WPT expects `generate` to throw)
/// parts that do not stand for one string: modifiers, custom regexps, full wildcards, a
/// missing group, and a value that the segment wildcard would not match (empty, or holding
/// the delimiter once encoded).
pub(crate) fn generate<'a>(
    component: &Component,
    group: impl Fn(&str) -> Option<&'a str>,
) -> Result<String, Error> {
    let mut result = String::new();
    for part in &component.parts {
        if part.modifier != Modifier::None {
            return Err(Error::CannotGenerate("a group with a modifier"));
        }
        match part.ty {
            PartType::FixedText => result.push_str(&part.value),
            PartType::SegmentWildcard => {
                let value = group(&part.name).ok_or(Error::CannotGenerate("a missing group"))?;
                let encoded = (component.encoding_callback)(value)?;
                let delimiter = component.options.delimiter;
                if encoded.is_empty() || delimiter.is_some_and(|d| encoded.contains(d)) {
                    return Err(Error::CannotGenerate("a value the group does not match"));
                }
                result.push_str(&part.prefix);
                result.push_str(&encoded);
                result.push_str(&part.suffix);
            }
            PartType::Regexp => return Err(Error::CannotGenerate("a regexp group")),
            PartType::FullWildcard => return Err(Error::CannotGenerate("a wildcard")),
        }
    }
    Ok(result)
}
