//! application/x-www-form-urlencoded and `SearchParams`:
//! - `parse(serialize(parse(x))) == parse(x)`;
//! - `SearchParams::sort` is a stable sort by the names' UTF-16 code units (checked against
//!   an independent oracle: `str::encode_utf16` and the standard library's stable sort);
//! - set/delete/get agree with the list.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::form::{parse, serialize, SearchParams};

fuzz_target!(|data: &[u8]| {
    let pairs = parse(data);
    let serialized = serialize(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())));
    assert_eq!(parse(serialized.as_bytes()), pairs, "{serialized:?}");

    let params = SearchParams::from_urlencoded_bytes(data);
    assert_eq!(params.as_pairs(), pairs.as_slice());
    assert_eq!(params.to_string(), serialized);

    let mut sorted = params.clone();
    sorted.sort();
    let mut expected = pairs.clone();
    expected.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
    assert_eq!(sorted.as_pairs(), expected.as_slice(), "sort of {data:?}");

    if let Some((name, _)) = pairs.first() {
        let first_value = pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str());
        assert_eq!(params.get(name), first_value);
        let mut set = params.clone();
        set.set(name.as_str(), "x");
        assert_eq!(set.get_all(name).collect::<Vec<_>>(), ["x"]);
        let mut deleted = params.clone();
        deleted.delete(name);
        assert!(!deleted.has(name));
        assert_eq!(
            deleted.len(),
            pairs.iter().filter(|(n, _)| n != name).count()
        );
    }
});
