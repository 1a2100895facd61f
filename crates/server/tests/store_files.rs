//! What `--database` accepts as a SQLite file: its own files (stamped with the server's
//! application id when made), nothing of another program's (refused before anything is
//! written), and no FIFO or device.

mod common;
use common::Scratch;

use konane_server::store::open;
use rusqlite::Connection;
use std::path::PathBuf;

fn tables(path: &std::path::Path) -> Vec<String> {
    let conn = Connection::open(path).unwrap();
    let mut stmt = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
}

#[test]
fn a_new_file_is_stamped_and_another_program_s_is_refused_untouched() {
    let dir = Scratch::new("stamps");
    let ours = dir.0.join("games.sqlite");
    drop(open(&ours).unwrap());
    let app: i64 = Connection::open(&ours).unwrap().query_row("PRAGMA application_id", [], |r| r.get(0)).unwrap();
    assert_eq!(app, 0x4B4E_5356, "a server database is stamped when made");
    assert!(open(&ours).is_ok(), "and opens again");

    // The player's history (the game's own stamp) and an unstamped file of someone else's.
    let history = dir.0.join("history.sqlite");
    Connection::open(&history)
        .unwrap()
        .execute_batch("PRAGMA application_id = 1263488577; CREATE TABLE games(id INTEGER PRIMARY KEY)")
        .unwrap();
    let notes = dir.0.join("notes.sqlite");
    Connection::open(&notes).unwrap().execute_batch("CREATE TABLE notes(x)").unwrap();
    for (file, before) in [(&history, vec!["games".to_string()]), (&notes, vec!["notes".to_string()])] {
        let bytes = std::fs::read(file).unwrap();
        let e = open(file).expect_err("another program's file is refused");
        assert!(e.contains("not a Kōnane server database") && e.contains("nothing was written"), "{e}");
        assert_eq!(tables(file), before);
        assert_eq!(std::fs::read(file).unwrap(), bytes, "not a byte of it changed");
    }

    // A file the server made before the stamp came in (its three tables) is taken and stamped.
    let old = dir.0.join("old.sqlite");
    drop(open(&old).unwrap());
    Connection::open(&old).unwrap().execute_batch("PRAGMA application_id = 0").unwrap();
    assert!(open(&old).is_ok());
}

#[test]
fn a_fifo_or_a_device_is_refused_at_once() {
    let dir = Scratch::new("special");
    let fifo = dir.0.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for path in [fifo.clone(), PathBuf::from("/dev/null")] {
        let e = open(&path).expect_err("refused");
        assert!(e.contains("not a regular file"), "{e}");
    }
    assert!(!PathBuf::from("/dev/null-journal").exists());
}
