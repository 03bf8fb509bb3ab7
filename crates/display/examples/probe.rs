//! Prints how `display` shows each host given as an argument (or on stdin), and why.
use std::io::BufRead;

use weburl_core::Url;
use weburl_display::UrlDisplay;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let hosts: Vec<String> = if args.is_empty() {
        std::io::stdin()
            .lock()
            .lines()
            .map_while(Result::ok)
            .collect()
    } else {
        args
    };
    for h in hosts {
        match Url::parse(&format!("https://{h}/")) {
            Ok(u) => {
                let r = u.display().host_only(true).render();
                let why: Vec<&str> = r.ace_labels.iter().map(|a| a.reason.name()).collect();
                println!("{h}\t{}\t{}", r.text, why.join(","));
            }
            Err(e) => println!("{h}\tERR {e}"),
        }
    }
}
