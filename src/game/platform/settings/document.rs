//! The settings file as a TOML document, read and edited with `toml_edit`, which keeps every
//! comment, the order of the keys and their spacing when a value changes.

use super::keys::{Joiner, Shape, on_off, shape_of};
use super::*;
use toml_edit::{Array, Document, DocumentMut, Item, Value};

/// The first line of a file the game starts.
pub(super) const HEADER: &str = "# Kōnane settings, written by the game\n";

/// What applying a document's keys did.
#[derive(Default, Debug)]
pub(super) struct Applied {
    /// Messages for the first bad keys, each naming its line.
    pub(super) errors: Vec<String>,
    /// How many keys were bad.
    pub(super) bad: usize,
}

impl Applied {
    /// Notes one bad key, keeping at most `max` messages.
    pub(super) fn bad(&mut self, message: String, max: usize) {
        self.bad += 1;
        if self.errors.len() < max {
            self.errors.push(message);
        }
    }
}

/// `key`'s value as the file writes it, from the value's text form (`on`, `80`, `U, Ctrl+Z`).
pub(super) fn to_value(key: &str, text: &str) -> Value {
    match shape_of(key) {
        Shape::Word => Value::from(text),
        Shape::Switch => Value::from(text == "on"),
        Shape::Number => match (text.parse::<i64>(), text.parse::<f64>()) {
            (Ok(n), _) => Value::from(n),
            (_, Ok(x)) if x.is_finite() => Value::from(x),
            _ => Value::from(text),
        },
        Shape::List(joiner) => Value::Array(joiner.split(text).into_iter().collect::<Array>()),
    }
}

/// The name of a TOML value's type, for messages.
fn type_name(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "a string",
        Value::Integer(_) => "a number",
        Value::Float(_) => "a number",
        Value::Boolean(_) => "true or false",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "a list",
        Value::InlineTable(_) => "a table",
    }
}

/// One word of a list: a string, or a number written without quotes.
fn word(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.value().clone()),
        Value::Integer(n) => Some(n.value().to_string()),
        _ => None,
    }
}

/// The text form of `key`'s value in the file, which the key's reader checks.
pub(super) fn value_text(key: &str, item: &Item) -> Result<String, String> {
    let Some(value) = item.as_value() else {
        return Err(format!("{} is a table; expected a value such as {key} = …", quote(key)));
    };
    match value {
        Value::String(s) => Ok(s.value().clone()),
        Value::Integer(n) => Ok(n.value().to_string()),
        Value::Float(x) => Ok(x.value().to_string()),
        Value::Boolean(b) => Ok(on_off(*b.value())),
        Value::Array(items) => {
            let joiner = match shape_of(key) {
                Shape::List(joiner) => joiner,
                _ => Joiner::Space,
            };
            let words: Option<Vec<String>> = items.iter().map(word).collect();
            let words = words.ok_or_else(|| format!("{key}: expected a list of words in quotes"))?;
            Ok(joiner.join(&words))
        }
        other => Err(format!("{key}: expected a value, not {}", type_name(other))),
    }
}

/// The line (from 1) where `raw`'s byte `at` is.
fn line_of(raw: &str, at: usize) -> usize {
    raw.as_bytes()[..at.min(raw.len())].iter().filter(|b| **b == b'\n').count() + 1
}

/// Applies every key of a parsed document to `settings`, in file order; a bad key (unknown,
/// or a bad value) is named with its line and changes nothing.
pub(super) fn apply_document(settings: &mut Settings, doc: &Document<String>, max_errors: usize) -> Applied {
    let mut applied = Applied::default();
    let raw = doc.raw();
    // Where the last key was, and its line: keys come in file order, so counting lines from
    // there keeps a file of many bad keys quick.
    let mut cursor = (0, 1);
    for (key, item) in doc.as_table().iter() {
        let result = value_text(key, item).and_then(|text| settings.apply_entry(key, &text).map(|_| ()));
        if let Err(e) = result {
            let at = doc.as_table().key(key).and_then(|k| k.span()).map_or(0, |s| s.start).min(raw.len());
            cursor = match at >= cursor.0 {
                true => (at, cursor.1 + raw.as_bytes()[cursor.0..at].iter().filter(|b| **b == b'\n').count()),
                false => (at, line_of(raw, at)),
            };
            applied.bad(format!("line {}: {e}", cursor.1), max_errors);
        }
    }
    applied
}

/// Parses settings text; the error names the line and column.
pub(super) fn parse(text: &str) -> Result<Document<String>, String> {
    Document::parse(text.to_string()).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        let line = line_of(text, at);
        let column = text[..at.min(text.len())].rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let what = e.message().lines().next().unwrap_or("not TOML").trim_end_matches('.').to_string();
        format!("line {line}, column {column}: {what}")
    })
}

/// `text` (a TOML document) with `changed` keys set to their new values: a key the file has
/// keeps its place, its spacing and the comment after it; a key it lacks is added at the
/// end. Every other byte stays, and a file with Windows line ends keeps them.
pub(super) fn edited(text: &str, changed: &[(&str, String)]) -> Result<String, String> {
    let mut doc: DocumentMut = match text.is_empty() {
        true => DocumentMut::new(),
        false => text.parse().map_err(|_| parse(text).err().unwrap_or_default())?,
    };
    let fresh = doc.as_table().is_empty() && text.trim().is_empty();
    for (key, value_text) in changed {
        let mut value = to_value(key, value_text);
        match doc.get_mut(key).and_then(Item::as_value_mut) {
            Some(old) => {
                *value.decor_mut() = old.decor().clone();
                *old = value;
            }
            None => {
                doc.insert(key, Item::Value(value));
            }
        }
    }
    if fresh && let Some(mut first) = doc.as_table_mut().iter_mut().next().map(|(k, _)| k) {
        first.leaf_decor_mut().set_prefix(HEADER);
    }
    let mut out = doc.to_string();
    if text.contains("\r\n") {
        out = out.replace("\r\n", "\n").replace('\n', "\r\n");
    }
    Ok(out)
}
