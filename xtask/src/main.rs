//! cargo xtask: project automation.
fn main() {
    println!("xtask: not yet implemented");
}
