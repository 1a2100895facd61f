//! The puzzles of the 0.1.0 book by place, before puzzles were known by a stable identifier
//! (see `Puzzle::id`): the settings kept solved marks as places in the book (`puzzles = 1 5`)
//! and the history named attempts by size and place in a file (`6x6-001`), so adding one 6×6
//! puzzle would have moved every later mark. Both are moved onto the identifiers once, by the
//! frozen list in `assets/puzzles/ids-0.1.0.txt`.

use std::sync::OnceLock;

const LIST: &str = include_str!("../../assets/puzzles/ids-0.1.0.txt");

/// (old name, identifier) of every puzzle of the 0.1.0 book, in its order.
pub fn legacy_puzzles() -> &'static [(String, String)] {
    static PAIRS: OnceLock<Vec<(String, String)>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        LIST.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_once(' ').map(|(old, id)| (old.to_string(), id.trim().to_string())))
            .collect()
    })
}

/// The identifier of the puzzle at `place` (1 for the first) of the 0.1.0 book.
pub fn id_of_place(place: usize) -> Option<&'static str> {
    place.checked_sub(1).and_then(|i| legacy_puzzles().get(i)).map(|(_, id)| id.as_str())
}

/// The history's migration 3: attempts renamed from their old names to the identifiers.
pub fn rename_attempts_sql() -> String {
    legacy_puzzles()
        .iter()
        .map(|(old, id)| format!("UPDATE puzzle_attempts SET puzzle = '{id}' WHERE puzzle = '{old}';\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frozen_list_names_382_puzzles_once_each_with_well_formed_names() {
        let pairs = legacy_puzzles();
        assert_eq!(pairs.len(), 382);
        let ids: std::collections::HashSet<&str> = pairs.iter().map(|(_, id)| id.as_str()).collect();
        assert_eq!(ids.len(), 382);
        for (old, id) in pairs {
            assert!(konane_core::ai::puzzle::Puzzle::is_id(id), "{id}");
            assert_eq!(old.len(), 7, "{old}");
            // Only these characters reach the SQL of the migration.
            assert!(old.bytes().chain(id.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'-'), "{old} {id}");
        }
        assert_eq!(id_of_place(1), Some(pairs[0].1.as_str()));
        assert_eq!(id_of_place(382), Some(pairs[381].1.as_str()));
        assert_eq!((id_of_place(0), id_of_place(383)), (None, None));
    }
}
