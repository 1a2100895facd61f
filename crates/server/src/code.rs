//! Invite codes and seat tokens, drawn from the operating system's seeded CSPRNG.
//!
//! A code is six symbols from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
//! `ABC-234`; typing is forgiving (any case, dashes and spaces ignored).

use rand::RngExt;

/// The symbols of an invite code: capitals and digits that cannot be mistaken for another.
pub const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Symbols in a code (31⁶ ≈ 887 million codes).
pub const CODE_LEN: usize = 6;

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
    if out.len() != CODE_LEN {
        return Err(format!("an invite code has {CODE_LEN} letters and digits, not {}", out.len()));
    }
    Ok(out)
}

/// A code as shown to people: `ABC-234`.
pub fn display(code: &str) -> String {
    if code.len() == CODE_LEN && code.is_ascii() { format!("{}-{}", &code[..3], &code[3..]) } else { code.to_string() }
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
        assert_eq!(normalise("abc-234").unwrap(), "ABC234");
        assert_eq!(normalise(" ab c23 4 ").unwrap(), "ABC234");
        assert!(normalise("ABO234").unwrap_err().contains("'O'"));
        assert!(normalise("AB1234").unwrap_err().contains("'1'"));
        assert!(normalise("ABC23").unwrap_err().contains("not 5"));
        assert!(normalise("ABC2345").is_err());
        assert!(normalise("ÀBC234").is_err());
        assert_eq!(display("ABC234"), "ABC-234");
    }

    #[test]
    fn tokens_are_long_and_unique() {
        let a = new_token();
        assert_eq!(a.len(), 32);
        assert_ne!(a, new_token());
    }
}
