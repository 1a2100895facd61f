//! The headless command line, run as a user would run it.

use konane::rules::*;
use std::io::Write;
use std::process::{Command, Output};

fn konane(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_konane")).args(args).output().expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_prints_the_reference_count() {
    let o = konane(&["perft", "--size", "8x8", "--depth", "5"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("nodes 892"), "{}", stdout(&o));
    let d = konane(&["perft", "--size", "8x8", "--depth", "3", "--divide"]);
    let text = stdout(&d);
    assert!(text.contains("nodes 28"));
    let per_move = text.lines().filter(|l| !l.starts_with("nodes") && !l.starts_with("time") && !l.starts_with("nps"));
    assert_eq!(per_move.count(), 4, "{text}");
}

#[test]
fn moves_lists_legal_moves_and_rejects_bad_positions() {
    let o = konane(&["moves", "--position", "BWBW/WBWB/BWBW/WBWB b"]);
    assert!(o.status.success());
    let mut lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    lines.sort();
    assert_eq!(lines, vec!["a4", "b3", "c2", "d1"]);
    let bad = konane(&["moves", "--position", "BWBW/WBQB b"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("'Q'") && err.contains("character 8"), "{err}");
}

#[test]
fn play_record_reports_result_or_first_illegal_ply() {
    let dir = std::env::temp_dir().join(format!("konane-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    // A complete game where each side always plays its last listed move.
    let mut game = Game::new(Geometry::new(5, 5).unwrap());
    while let Some(&m) = game.legal_moves().last() {
        game.play(m).unwrap();
    }
    let mut f = std::fs::File::create(&good).unwrap();
    writeln!(f, "# a finished game\n{}", Record::of_game(&game).to_text().replace('\n', " # ply pair\n")).unwrap();
    drop(f);
    let o = konane(&["play-record", good.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.starts_with(&position_to_string(game.position())), "{text}");
    assert!(text.contains(&format!("{} wins after {} plies", game.winner().unwrap().name(), game.ply())), "{text}");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "6x6\na6 b6 a4-a6 c6\n").unwrap();
    let o = konane(&["play-record", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ply 4"));
    let broken = dir.join("broken.txt");
    std::fs::write(&broken, "6x6\na6 b6\n a4-a7\n").unwrap();
    let o = konane(&["play-record", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 3, column 2"), "{err}");
    let missing = konane(&["play-record", dir.join("nope.txt").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn solve_proves_5x5_for_black() {
    let o = konane(&["solve", "--size", "5x5"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("winner Black"), "{text}");
    assert!(text.contains("winning first moves"));
}

#[test]
fn bad_flags_exit_with_status_2() {
    assert_eq!(konane(&["perft", "--size", "30x8", "--depth", "2"]).status.code(), Some(2));
    assert_eq!(konane(&["match", "--black", "grandmaster", "--white", "easy"]).status.code(), Some(2));
}

#[test]
fn a_short_match_is_played_legally() {
    let o = konane(&["match", "--size", "6x6", "--black", "medium", "--white", "beginner", "--games", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("games 4"));
    // The fixed-depth baseline of the issue, and its bad spellings.
    let b = konane(&["match", "--size", "6x6", "--black", "baseline-d3", "--white", "easy", "--games", "2"]);
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    assert!(stdout(&b).contains("baseline-d3:"), "{}", stdout(&b));
    let t = konane(&["match", "--size", "6x6", "--black", "medium@30", "--white", "baseline@5", "--games", "2"]);
    assert!(t.status.success(), "{}", String::from_utf8_lossy(&t.stderr));
    for bad in ["baseline-d0", "baseline-dx", "baseline-d99", "expert@", "expert@0", "expert@soon"] {
        let o = konane(&["match", "--black", bad, "--white", "easy", "--games", "1"]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(bad), "{bad}");
    }
}

#[test]
fn match_records_replay_to_the_reported_winner() {
    let dir = std::env::temp_dir().join(format!("konane-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = konane(&[
        "match",
        "--size",
        "6x6",
        "--black",
        "easy",
        "--white",
        "beginner",
        "--games",
        "3",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for g in 1..=3 {
        let text = std::fs::read_to_string(dir.join(format!("game-{g:03}.txt"))).expect("record written");
        let winner = text.lines().find_map(|l| l.strip_prefix("# winner: ")).expect("winner comment");
        // Colours alternate: the first player is Black in odd-numbered games.
        let black = text.lines().find_map(|l| l.strip_prefix("# black: ")).expect("black comment");
        assert_eq!(black, if g % 2 == 1 { "easy" } else { "beginner" });
        let game = Record::parse(&text).expect("record parses").replay().expect("every move legal");
        assert_eq!(game.winner().map(|c| c.name()), Some(winner), "{text}");
    }
    assert!(!dir.join("game-004.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
    // A records path that cannot be a directory is refused up front.
    let file = std::env::temp_dir().join(format!("konane-not-a-dir-{}", std::process::id()));
    std::fs::write(&file, "x").unwrap();
    let bad =
        konane(&["match", "--black", "easy", "--white", "easy", "--games", "1", "--records", file.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("records directory"));
    std::fs::remove_file(&file).unwrap();
}
