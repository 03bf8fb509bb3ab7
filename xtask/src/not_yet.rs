//! Subcommands that have a name but no implementation yet.

use crate::{Failure, Result};

pub fn main(name: &str) -> Result {
    Err(Failure {
        message: format!("`cargo xtask {name}` is not yet implemented"),
        code: 2,
    })
}
