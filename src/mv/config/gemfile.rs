//! Whether a Jekyll site's `Gemfile` loads a plugin: Jekyll requires
//! every gem of the `:jekyll_plugins` Bundler group (Jekyll docs,
//! "Plugins", "Installation": `group :jekyll_plugins do ... end`, or
//! `gem "x", group: :jekyll_plugins`). The Gemfile is Ruby; only these
//! two written forms are read, line by line.

use std::path::Path;

/// The most bytes of a Gemfile read.
const MAX_GEMFILE: u64 = 256 * 1024;

/// True when the `Gemfile` in `dir` puts the gem `name` in the
/// `:jekyll_plugins` group.
pub(super) fn has_plugin(dir: &Path, name: &str) -> bool {
    crate::site::read_head(&dir.join("Gemfile"), MAX_GEMFILE)
        .is_ok_and(|text| in_plugins_group(&text, name))
}

/// [`has_plugin`] over the Gemfile's text.
fn in_plugins_group(text: &str, name: &str) -> bool {
    let mut in_group = false;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with("group") && line.contains(":jekyll_plugins") && line.ends_with("do") {
            in_group = true;
            continue;
        }
        if line == "end" {
            in_group = false;
            continue;
        }
        let Some(rest) = line.strip_prefix("gem ") else {
            continue;
        };
        let gem = rest.trim().trim_start_matches(['"', '\'']);
        let named = gem
            .strip_prefix(name)
            .is_some_and(|r| r.starts_with(['"', '\'']));
        if named
            && (in_group
                || rest.contains("group: :jekyll_plugins")
                || rest.contains(":group => :jekyll_plugins"))
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugins_group() {
        let g = "source \"https://rubygems.org\"\ngem \"jekyll\"\ngroup :jekyll_plugins do\n  gem \"jekyll-redirect-from\", \"~> 0.16\"\nend\n";
        assert!(in_plugins_group(g, "jekyll-redirect-from"));
        assert!(!in_plugins_group(g, "jekyll-feed"));
        assert!(in_plugins_group(
            "gem 'jekyll-redirect-from', group: :jekyll_plugins\n",
            "jekyll-redirect-from"
        ));
        // Outside the group Jekyll does not load it.
        assert!(!in_plugins_group(
            "gem \"jekyll-redirect-from\"\n",
            "jekyll-redirect-from"
        ));
        assert!(!in_plugins_group(
            "group :jekyll_plugins do\nend\n# gem \"jekyll-redirect-from\"\n",
            "jekyll-redirect-from"
        ));
    }
}
