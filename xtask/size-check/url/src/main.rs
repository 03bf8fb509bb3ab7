//! Parses the first argument with the `url` crate and prints its href (exit code 1 on failure).

fn main() {
    let input = std::env::args().nth(1).unwrap_or_default();
    match url::Url::parse(&input) {
        Ok(url) => println!("{}", url.as_str()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
