//! The built-in list: the most common tracking parameters, each with the vendor page that
//! documents it (or, where the vendor documents none, where the name is seen).
//!
//! Licence: a list of parameter names is a list of facts, which copyright does not cover; the
//! list below was written for this crate from the vendors' pages named on each entry and is
//! distributed under this crate's licence (MIT OR Apache-2.0). It copies nothing from
//! ClearURLs or any other rule list.

/// One built-in entry: the field-name pattern (a rule as ClearURLs reads one: matched,
/// case-insensitively, against the whole decoded field name), who sets it, and where that is
/// documented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The rule: a regular expression matched against the whole field name.
    pub pattern: &'static str,
    /// Who adds the parameter to URLs.
    pub vendor: &'static str,
    /// The vendor's documentation of the parameter (or a note where there is none).
    pub source: &'static str,
}

/// The built-in entries, in the order they are tried (the order does not change the result).
pub const ENTRIES: &[Entry] = &[
    Entry {
        // utm_source, utm_medium, utm_campaign, utm_term, utm_content, utm_id,
        // utm_source_platform, utm_creative_format, utm_marketing_tactic.
        pattern: "utm_(?:source|medium|campaign|term|content|id|source_platform|creative_format|marketing_tactic)",
        vendor: "Google Analytics (Urchin Tracking Module)",
        source: "https://support.google.com/analytics/answer/10917952",
    },
    Entry {
        pattern: "gclid",
        vendor: "Google Ads (auto-tagging)",
        source: "https://support.google.com/google-ads/answer/1752125",
    },
    Entry {
        pattern: "dclid",
        vendor: "Google Campaign Manager 360 (enhanced attribution)",
        source: "https://support.google.com/campaignmanager/answer/9182069",
    },
    Entry {
        pattern: "fbclid",
        vendor: "Meta (ClickID)",
        source: "https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc/",
    },
    Entry {
        pattern: "msclkid",
        vendor: "Microsoft Advertising (auto-tagging)",
        source: "https://help.ads.microsoft.com/apex/index/3/en/60125",
    },
    Entry {
        pattern: "yclid",
        vendor: "Yandex Direct",
        source: "https://yandex.ru/support/direct/en/statistics/url-tags",
    },
    Entry {
        pattern: "mc_(?:cid|eid)",
        vendor: "Mailchimp (click tracking)",
        source: "no vendor documentation found: seen on Mailchimp campaign links \
                 (mc_cid the campaign, mc_eid the recipient)",
    },
    Entry {
        pattern: "igshid",
        vendor: "Instagram (share links)",
        source: "no vendor documentation found: seen on Instagram share links",
    },
];
