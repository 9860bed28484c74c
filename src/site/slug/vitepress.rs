//! VitePress's heading ids: the `slugify` of @mdit-vue/shared
//! (mdit-vue/mdit-vue `packages/shared/src/slugify.ts`), which VitePress
//! passes to markdown-it-anchor (vuejs/vitepress
//! `src/node/markdown/markdown.ts`, `defaultSlugify`), with
//! markdown-it-anchor's `uniqueSlug` (`-1`, `-2`, ...).

/// The characters that @mdit-vue/shared's `rSpecial` turns into `-`
/// (besides JavaScript's `\s`).
const SPECIAL: &str = "~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’<>,.?/";

/// The VitePress slug of `text`: NFKD, combining marks U+0300 to U+036F
/// removed, control characters U+0000 to U+001F removed, each run of
/// white space and the ASCII punctuation of `rSpecial` made one `-`,
/// runs of `-` made one, `-` trimmed from both ends, a `_` put before a
/// leading digit, lowercased.
pub fn slug(text: &str) -> String {
    let nfkd = super::chars::nfkd(text);
    let kept = nfkd
        .chars()
        .filter(|&c| !('\u{300}'..='\u{36f}').contains(&c));
    slug_of(kept, SPECIAL)
}

/// The characters that VitePress 0.x's `rSpecial` turns into `-`
/// (besides JavaScript's `\s`): ASCII only, no curly quotes.
const SPECIAL_0: &str = "~`!@#$%^&*()-_+=[]{}|\\;:\"'<>,.?/";

/// The slug of `text` by VitePress before 1.0.0-alpha.27
/// (vuejs/vitepress `src/node/markdown/plugins/slugify.ts` at v0.20.10):
/// the `diacritics` package's `remove` ([`super::diacritics::remove`]:
/// Latin letters only, so `ジ` and `“` stay), then as [`slug`] with its
/// own `rSpecial` ([`SPECIAL_0`]).
pub fn slug_0(text: &str) -> String {
    slug_of(super::diacritics::remove(text).chars(), SPECIAL_0)
}

/// The steps both versions share, on `chars`: control characters U+0000
/// to U+001F removed, each run of white space and of `special` made one
/// `-`, `-` trimmed from both ends, a `_` put before a leading digit,
/// lowercased.
fn slug_of(chars: impl Iterator<Item = char>, special: &str) -> String {
    let mut id = String::new();
    let mut in_special = false;
    for c in chars {
        if c <= '\u{1f}' {
            continue;
        }
        if super::chars::is_js_space(c) || special.contains(c) {
            if !in_special {
                id.push('-');
            }
            in_special = true;
        } else {
            id.push(c);
            in_special = false;
        }
    }
    let trimmed = id.trim_matches('-');
    let mut out = String::with_capacity(trimmed.len() + 1);
    if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
        out.push('_');
    }
    out.push_str(trimmed);
    out.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vitepress_slugs() {
        assert_eq!(slug("What's New?"), "what-s-new");
        assert_eq!(slug("Café crème"), "cafe-creme");
        assert_eq!(slug("2.0 Migration"), "_2-0-migration");
        assert_eq!(slug("<ClientOnly />"), "clientonly");
        assert_eq!(slug("中文 标题"), "中文-标题");
    }

    /// VitePress 0.x (vuejs/vuex's docs on 0.20.10): kana keep their
    /// voicing marks and curly quotes stay, where 1.x's NFKD drops the
    /// one and `rSpecial` the other.
    #[test]
    fn vitepress_0_slugs() {
        assert_eq!(slug_0("モジュールの再利用"), "モジュールの再利用");
        assert_ne!(slug("モジュールの再利用"), slug_0("モジュールの再利用"));
        assert_eq!(
            slug_0("全新的“useStore”组合式函数"),
            "全新的“usestore”组合式函数"
        );
        assert_eq!(slug_0("Café crème"), "cafe-creme");
        assert_eq!(slug_0("2.0 Migration"), "_2-0-migration");
        assert_eq!(slug_0("What's New?"), "what-s-new");
    }
}
