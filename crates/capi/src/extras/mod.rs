//! `weburl.h`: what ada's C API does not have. It includes `ada_c.h` and works on the same
//! handles, under the same ownership rule.

pub mod errors;
pub mod paths;
pub mod site;
