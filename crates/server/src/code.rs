//! Invite codes and seat tokens, drawn from the operating system's seeded CSPRNG.
//!
//! A code is ten symbols from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
//! `ABCDE-FG234`; typing is forgiving (any case, dashes and spaces ignored). With the server's
//! limits on wrong guesses, finding any game by guessing takes years (see docs/online.md).
//! Codes of six symbols, as earlier servers made them, are still read.

use rand::RngExt;

/// The symbols of an invite code: capitals and digits that cannot be mistaken for another.
pub const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Symbols in a code (31¹⁰ ≈ 8.2 × 10¹⁴ codes).
pub const CODE_LEN: usize = 10;
/// Symbols in the codes of earlier servers (still read: their games go on).
pub const OLD_CODE_LEN: usize = 6;

/// A new random invite code (without the dash).
pub fn new_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

/// A new seat token: 128 random bits in hex. It is a password: never shown or logged.
pub fn new_token() -> String {
    let mut rng = rand::rng();
    let bits: u128 = rng.random();
    format!("{bits:032x}")
}

/// A typed code in its canonical form, or why it is not one. Lower case is raised, dashes and
/// spaces dropped, and `o`, `i`, `l` read as the digits `0`, `1`, `1` are refused with a word.
pub fn normalise(typed: &str) -> Result<String, String> {
    let mut out = String::with_capacity(CODE_LEN);
    for ch in typed.chars() {
        if ch == '-' || ch == ' ' {
            continue;
        }
        let up = ch.to_ascii_uppercase();
        if !up.is_ascii() || !ALPHABET.contains(&(up as u8)) {
            return Err(format!(
                "{} is not in an invite code (codes use A–Z without I, L, O, and 2–9)",
                konane_core::rules::quote::quoted(&ch.to_string())
            ));
        }
        out.push(up);
        if out.len() > CODE_LEN {
            return Err(format!("an invite code has {CODE_LEN} letters and digits"));
        }
    }
    if out.len() != CODE_LEN && out.len() != OLD_CODE_LEN {
        return Err(format!("an invite code has {CODE_LEN} letters and digits, not {}", out.len()));
    }
    Ok(out)
}

/// A code as shown to people: `ABCDE-FG234` (an earlier server's `ABC-234`).
pub fn display(code: &str) -> String {
    let half = code.len() / 2;
    match code.is_ascii() && (code.len() == CODE_LEN || code.len() == OLD_CODE_LEN) {
        true => format!("{}-{}", &code[..half], &code[half..]),
        false => code.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_use_only_unmistakable_symbols_and_differ() {
        let codes: std::collections::HashSet<String> = (0..2000).map(|_| new_code()).collect();
        assert!(codes.len() > 1990, "codes repeat too often: {}", codes.len());
        for c in &codes {
            assert_eq!(c.len(), CODE_LEN);
            assert!(!c.contains(['0', 'O', '1', 'I', 'L']), "{c}");
            assert_eq!(normalise(c).unwrap(), *c);
        }
    }

    #[test]
    fn typing_is_forgiving_but_wrong_symbols_are_named() {
        assert_eq!(normalise("abcde-fg234").unwrap(), "ABCDEFG234");
        assert_eq!(normalise(" ab cde fg2 34 ").unwrap(), "ABCDEFG234");
        assert!(normalise("ABODEFG234").unwrap_err().contains("'O'"));
        assert!(normalise("AB1DEFG234").unwrap_err().contains("'1'"));
        assert!(normalise("ABCDEFG23").unwrap_err().contains("not 9"));
        assert!(normalise("ABCDEFG2345").is_err());
        assert!(normalise("ÀBCDEFG234").is_err());
        assert_eq!(display("ABCDEFG234"), "ABCDE-FG234");
        // An earlier server's six-symbol code still reads and shows as it did.
        assert_eq!(normalise("abc-234").unwrap(), "ABC234");
        assert_eq!(display("ABC234"), "ABC-234");
        assert!(normalise("ABC2345").unwrap_err().contains("not 7"));
    }

    #[test]
    fn tokens_are_long_and_unique() {
        let a = new_token();
        assert_eq!(a.len(), 32);
        assert_ne!(a, new_token());
    }
}
