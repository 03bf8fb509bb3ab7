//! The `weburl` command-line tool.
#![forbid(unsafe_code)]

fn main() {
    println!("weburl: not yet implemented");
}
