//! The interface's words in English, ʻŌlelo Hawaiʻi and Nederlands.
//!
//! Every text a player reads lives in a Fluent file, `assets/i18n/<code>.ftl`, built into the
//! binary (so a missing or damaged file can never leave the game without words). The
//! [`Tr`] resource holds all three languages and the one in use; systems turn a message key,
//! or a [`Msg`] (a key with its arguments, kept by the game's notices and refusals so they can
//! be said again in another language), into words.
//!
//! A key missing from a language falls back to English, and one missing from English shows
//! the key itself; the tests make sure neither happens.

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::borrow::Cow;

/// A language of the interface.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// ʻŌlelo Hawaiʻi.
    Haw,
    /// Nederlands.
    Nl,
}

impl Lang {
    /// Every language, in the order the settings step through them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Haw, Lang::Nl];

    /// Its code, as in the settings file and the `.ftl` file's name.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Haw => "haw",
            Lang::Nl => "nl",
        }
    }

    /// Its own name for itself.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Haw => "ʻŌlelo Hawaiʻi",
            Lang::Nl => "Nederlands",
        }
    }

    /// The language of a code (`en`, `haw`, `nl`, in any case).
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The language of a POSIX locale such as `nl_NL.UTF-8`, `haw_US`, `nl-BE` or `en`;
    /// `None` for a language the game does not speak (and for `C` or `POSIX`).
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let lang = locale.split(['_', '-', '.', '@']).next().unwrap_or("");
        Lang::from_code(lang)
    }

    /// The language the system asks for: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is
    /// set decides (as the C library does); then `LANGUAGE`'s list may name one the game speaks.
    /// English when nothing matches.
    pub fn from_env() -> Lang {
        Lang::from_vars(|name| std::env::var(name).ok())
    }

    /// [`Lang::from_env`] with the environment's variables read through `get`.
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Lang {
        let var = |name: &str| get(name).filter(|v| !v.is_empty());
        let main = var("LC_ALL").or_else(|| var("LC_MESSAGES")).or_else(|| var("LANG"));
        if let Some(l) = main.as_deref().and_then(Lang::from_locale) {
            return l;
        }
        var("LANGUAGE").and_then(|list| list.split(':').find_map(Lang::from_locale)).unwrap_or(Lang::En)
    }

    /// The language after this one (wrapping), for left/right in the settings.
    pub fn step(self, dir: i32) -> Lang {
        let i = Lang::ALL.iter().position(|l| *l == self).unwrap_or(0) as i32;
        Lang::ALL[(i + dir).rem_euclid(Lang::ALL.len() as i32) as usize]
    }

    /// Writes a decimal number as the language does (a comma in Dutch).
    pub fn decimal(self, value: f32, places: usize) -> String {
        let s = format!("{value:.places$}");
        match self {
            Lang::Nl => s.replace('.', ","),
            _ => s,
        }
    }
}

/// The Fluent source of each language, as shipped.
pub const SOURCES: [(Lang, &str); 3] = [
    (Lang::En, include_str!("../../../assets/i18n/en.ftl")),
    (Lang::Haw, include_str!("../../../assets/i18n/haw.ftl")),
    (Lang::Nl, include_str!("../../../assets/i18n/nl.ftl")),
];

/// One argument of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Words or a name, as they are (a cell such as `b4`, a move, a file name, a date).
    Text(String),
    /// A count (plural rules choose by it).
    Num(i64),
    /// Another message, said in the same language first.
    Msg(Box<Msg>),
}

/// A message key with its arguments: something the game will say, in whatever language is
/// chosen when it is shown.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Msg {
    /// The Fluent message id.
    pub key: Cow<'static, str>,
    /// Named arguments.
    pub args: Vec<(&'static str, Arg)>,
}

impl Msg {
    /// A message without arguments.
    pub fn new(key: &'static str) -> Msg {
        Msg { key: Cow::Borrowed(key), args: Vec::new() }
    }

    /// Text shown as it is (an error from the record reader, which speaks English).
    pub fn plain(text: impl Into<String>) -> Msg {
        Msg::new("plain").text("text", text)
    }

    /// A message whose key was made at run time (a lesson's, a level's).
    pub fn keyed(key: String) -> Msg {
        Msg { key: Cow::Owned(key), args: Vec::new() }
    }

    /// Adds words or a name.
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Msg {
        self.args.push((name, Arg::Text(value.into())));
        self
    }

    /// Adds a number.
    pub fn num(mut self, name: &'static str, value: impl Into<i64>) -> Msg {
        self.args.push((name, Arg::Num(value.into())));
        self
    }

    /// Adds another message, said first.
    pub fn sub(mut self, name: &'static str, value: Msg) -> Msg {
        self.args.push((name, Arg::Msg(Box::new(value))));
        self
    }
}

impl From<&'static str> for Msg {
    fn from(key: &'static str) -> Msg {
        Msg::new(key)
    }
}

/// A side's name as a selector value for the `.ftl` files (`black` or `white`).
pub fn side_key(side: crate::rules::Color) -> &'static str {
    match side {
        crate::rules::Color::Black => "black",
        crate::rules::Color::White => "white",
    }
}

/// The words of every language, and the one in use.
#[derive(Resource)]
pub struct Tr {
    lang: Lang,
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

impl std::fmt::Debug for Tr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tr({:?})", self.lang)
    }
}

impl Default for Tr {
    fn default() -> Tr {
        Tr::new(Lang::En)
    }
}

/// Builds one language's bundle from its source; the errors name the line.
pub fn bundle(lang: Lang, source: &str) -> (FluentBundle<FluentResource>, Vec<String>) {
    let mut errors = Vec::new();
    let resource = match FluentResource::try_new(source.to_string()) {
        Ok(r) => r,
        Err((r, errs)) => {
            for e in errs {
                let line = source[..e.pos.start.min(source.len())].lines().count().max(1);
                errors.push(format!("{}.ftl line {line}: {:?}", lang.code(), e.kind));
            }
            r
        }
    };
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("the language codes are valid");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Bidirectional isolation marks would show as boxes: every text here runs left to right.
    b.set_use_isolating(false);
    if let Err(errs) = b.add_resource(resource) {
        errors.extend(errs.into_iter().map(|e| format!("{}.ftl: {e}", lang.code())));
    }
    (b, errors)
}

impl Tr {
    /// All languages, speaking `lang`. A source that does not parse is logged (the tests
    /// fail on it); what parsed is used.
    pub fn new(lang: Lang) -> Tr {
        let bundles = SOURCES
            .iter()
            .map(|(l, source)| {
                let (b, errors) = bundle(*l, source);
                for e in errors {
                    error!("{e}");
                }
                (*l, b)
            })
            .collect();
        Tr { lang, bundles }
    }

    /// The language in use.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Speaks `lang` from now on.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    fn bundle_of(&self, lang: Lang) -> &FluentBundle<FluentResource> {
        &self.bundles.iter().find(|(l, _)| *l == lang).expect("every language has a bundle").1
    }

    /// Whether `lang` has the message `key`.
    pub fn has(&self, lang: Lang, key: &str) -> bool {
        self.bundle_of(lang).has_message(key)
    }

    /// The words of `key` with `args`, in `lang`, else English, else the key itself.
    fn format(&self, lang: Lang, key: &str, args: Option<&FluentArgs>) -> String {
        for l in [lang, Lang::En] {
            let b = self.bundle_of(l);
            if let Some(pattern) = b.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = b.format_pattern(pattern, args, &mut errors);
                if !errors.is_empty() {
                    warn!("{}.ftl {key}: {errors:?}", l.code());
                }
                return text.into_owned();
            }
        }
        warn!("no text for {key}");
        key.to_string()
    }

    /// The words of a message without arguments.
    pub fn t(&self, key: &str) -> String {
        self.format(self.lang, key, None)
    }

    /// The words of a message, in the language in use.
    pub fn msg(&self, m: &Msg) -> String {
        self.msg_in(self.lang, m)
    }

    /// The words of a message in `lang`.
    pub fn msg_in(&self, lang: Lang, m: &Msg) -> String {
        if m.args.is_empty() {
            return self.format(lang, &m.key, None);
        }
        let mut args = FluentArgs::new();
        for (name, value) in &m.args {
            let v: FluentValue = match value {
                Arg::Text(s) => FluentValue::String(Cow::Owned(s.clone())),
                Arg::Num(n) => FluentValue::from(*n),
                Arg::Msg(inner) => FluentValue::String(Cow::Owned(self.msg_in(lang, inner))),
            };
            args.set(*name, v);
        }
        self.format(lang, &m.key, Some(&args))
    }

    /// Every message id of `lang`'s source, in file order.
    pub fn keys(lang: Lang) -> Vec<String> {
        let source = SOURCES.iter().find(|(l, _)| *l == lang).map(|(_, s)| *s).unwrap_or("");
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(r) | Err((r, _)) => r,
        };
        resource
            .entries()
            .filter_map(|e| match e {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            })
            .collect()
    }
}

/// A side's name ("Black").
pub fn side_name(side: crate::rules::Color) -> Msg {
    Msg::new(match side {
        crate::rules::Color::Black => "side-black",
        crate::rules::Color::White => "side-white",
    })
}

/// A level's name ("Medium").
pub fn level_name(l: crate::ai::Level) -> Msg {
    Msg::keyed(format!("level-{}", l.name()))
}

/// A level's one-line description.
pub fn level_about(l: crate::ai::Level) -> Msg {
    Msg::keyed(format!("level-{}-about", l.name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_choose_the_language() {
        assert_eq!(Lang::from_locale("nl_NL.UTF-8"), Some(Lang::Nl));
        assert_eq!(Lang::from_locale("nl-BE"), Some(Lang::Nl));
        assert_eq!(Lang::from_locale("haw_US.UTF-8"), Some(Lang::Haw));
        assert_eq!(Lang::from_locale("en_GB.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE.UTF-8"), None);
        assert_eq!(Lang::from_locale("C"), None);
        assert_eq!(Lang::from_locale(""), None);
        assert_eq!(Lang::Nl.decimal(0.75, 2), "0,75");
        assert_eq!(Lang::En.step(-1), Lang::Nl);
    }

    #[test]
    fn the_environment_chooses_as_the_c_library_does() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
        };
        assert_eq!(Lang::from_vars(env(&[("LANG", "nl_NL.UTF-8")])), Lang::Nl);
        assert_eq!(Lang::from_vars(env(&[("LANG", "haw_US.UTF-8")])), Lang::Haw);
        // LC_ALL wins over LC_MESSAGES, which wins over LANG; empty values do not count.
        assert_eq!(Lang::from_vars(env(&[("LC_ALL", "haw_US.UTF-8"), ("LANG", "nl_NL.UTF-8")])), Lang::Haw);
        assert_eq!(Lang::from_vars(env(&[("LC_ALL", ""), ("LC_MESSAGES", "nl_BE"), ("LANG", "en_US")])), Lang::Nl);
        // A language the game does not speak: LANGUAGE's list may name one it does.
        assert_eq!(Lang::from_vars(env(&[("LANG", "de_DE.UTF-8"), ("LANGUAGE", "de:nl")])), Lang::Nl);
        assert_eq!(Lang::from_vars(env(&[("LANG", "C.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_vars(env(&[])), Lang::En);
    }
}
