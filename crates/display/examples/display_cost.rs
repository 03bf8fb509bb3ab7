//! Cost of `display().render()` against `Url::parse` + `href()` over a corpus, for
//! instruction counts under callgrind (stable on a loaded machine, unlike times):
//! `display_cost FILE load|parse|display` parses every line (all modes), then runs the work
//! of the mode once more over the parsed URLs (`display2`: twice) (`parse`: parse + href of every line again;
//! `display`: display().render() of every parsed URL). Work = count(mode) - count(load).
use std::hint::black_box;

use weburl_core::Url;
use weburl_display::UrlDisplay;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(file), Some(mode)) = (args.next(), args.next()) else {
        eprintln!("usage: display_cost FILE load|parse|display");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    // The lines that parse, as the bench's display table counts.
    let lines: Vec<&str> = text.lines().filter(|l| Url::parse(l).is_ok()).collect();
    let urls: Vec<Url> = lines.iter().filter_map(|l| Url::parse(l).ok()).collect();
    let mut acc = 0usize;
    match mode.as_str() {
        "parse" => {
            for l in &lines {
                if let Ok(u) = Url::parse(black_box(l)) {
                    acc = acc.wrapping_add(black_box(u.href()).len());
                }
            }
        }
        "display" | "display2" => {
            // `display2`: twice, so that display2 - display is one pass after every one-time
            // initialisation (the top-domains map at the first non-ASCII host).
            let passes = if mode == "display2" { 2 } else { 1 };
            for _ in 0..passes {
                for u in &urls {
                    acc = acc.wrapping_add(black_box(u).display().render().text.len());
                }
            }
        }
        _ => {}
    }
    println!("{} urls, {acc}", urls.len());
}
