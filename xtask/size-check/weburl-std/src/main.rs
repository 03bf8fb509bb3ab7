//! Parses the first argument with weburl and prints its href (exit code 1 on failure).

fn main() {
    let input = std::env::args().nth(1).unwrap_or_default();
    match weburl::Url::parse(&input) {
        Ok(url) => println!("{}", url.href()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
