//! The settings' own tests: reading, writing, migrating and the file's edge cases.
use super::*;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-settings-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn text_round_trips() {
    let s = Settings {
        size: Geometry::new(9, 13).unwrap(),
        players: [Controller::Ai(Level::Expert), Controller::Human],
        anim_speed: 2.5,
        coordinates: false,
        ambient: 0.3,
        music: 0.25,
        music_in_background: true,
        theme: Theme::Wood,
        ..Settings::default()
    };
    let mut back = Settings::default();
    assert!(back.apply_text(&s.to_text()).is_empty());
    assert_eq!(back, s);
}

#[test]
fn a_bad_theme_or_ambience_is_named_and_changes_nothing() {
    let mut s = Settings::default();
    let errors = s.apply_text("theme = marble\nambient = 101\nambient = -1\ntheme = wood\n");
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].contains("theme 'marble': expected lava or wood"), "{errors:?}");
    assert!(errors[1].contains("ambient '101': expected 0 to 100"), "{errors:?}");
    assert!(errors[2].contains("ambient '-1'"), "{errors:?}");
    assert_eq!(s.theme, Theme::Wood, "the good line still applies");
    assert_eq!(s.ambient, 0.0);
}

#[test]
fn bad_lines_are_named_and_skipped() {
    let mut s = Settings::default();
    let errors = s.apply_text(
        "size = 3x3\nblack = grandmaster\nwhite = expert\nspeed = fast\npalette = 3\nnonsense\nspeed = 10\n",
    );
    assert_eq!(errors.len(), 6, "{errors:?}");
    assert!(errors[0].starts_with("line 1: size 3x3 is out of range"), "{errors:?}");
    assert!(errors[1].starts_with("line 2: black 'grandmaster'"), "{errors:?}");
    assert!(errors[2].starts_with("line 4: speed 'fast'"), "{errors:?}");
    assert!(errors[3].contains("unknown setting 'palette'"), "{errors:?}");
    assert!(errors[4].starts_with("line 6:"), "{errors:?}");
    assert!(errors[5].starts_with("line 7: speed 10 is out of range"), "{errors:?}");
    // The good line applied, the bad ones left the defaults.
    assert_eq!(s.players, [Controller::Human, Controller::Ai(Level::Expert)]);
    assert_eq!(s.size, Settings::default().size);
    assert_eq!(s.anim_speed, 1.0);
}

#[test]
fn a_bad_byte_spoils_only_its_line_and_nothing_is_lost_on_save() {
    let dir = temp_dir("bytes");
    let path = dir.join("settings.txt");
    let original: &[u8] =
        b"# mine \xff\xfe\nsize = 10x10 # big\nblack = expert\nwhite = human\nbad \xc3 line\npalette = dark\n";
    std::fs::write(&path, original).unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    assert_eq!(loaded.settings.size, Geometry::new(10, 10).unwrap());
    assert_eq!(loaded.settings.players, [Controller::Ai(Level::Expert), Controller::Human]);
    // The bad byte in the comment spoils nothing; the one in line 5 spoils that line.
    assert_eq!(loaded.messages.len(), 2, "{:?}", loaded.messages);
    assert!(loaded.messages[0].contains("line 5: not UTF-8"), "{:?}", loaded.messages);
    assert!(loaded.messages[1].contains("line 6: unknown setting 'palette'"), "{:?}", loaded.messages);
    let mut file = loaded.file;
    // Nothing changed: the file is not touched, byte for byte.
    assert!(!file.save(&loaded.settings).unwrap());
    assert_eq!(std::fs::read(&path).unwrap(), original);
    // One value changed: only its line changes (its comment stays), a new key is appended.
    let mut s = loaded.settings.clone();
    s.size = Geometry::new(6, 6).unwrap();
    s.coordinates = false;
    assert!(file.save(&s).unwrap());
    let expected: &[u8] = b"# mine \xff\xfe\nsize = 6x6 # big\nblack = expert\nwhite = human\nbad \xc3 line\npalette = dark\ncoordinates = off\n";
    assert_eq!(std::fs::read(&path).unwrap(), expected);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unreadable_file_is_never_written_over() {
    let dir = temp_dir("unreadable");
    // A directory where the file should be, and a FIFO: reported at once, never written.
    let as_dir = dir.join("settings.txt");
    std::fs::create_dir_all(&as_dir).unwrap();
    let loaded = SettingsFile::load(&as_dir, Settings::default());
    assert!(loaded.messages[0].contains("not a regular file"), "{:?}", loaded.messages);
    assert!(loaded.messages[0].contains("will not be saved"), "{:?}", loaded.messages);
    let mut file = loaded.file;
    let changed = Settings { coordinates: false, ..Settings::default() };
    assert!(!file.save(&changed).unwrap());
    assert!(as_dir.is_dir());
    let fifo = dir.join("fifo.txt");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: plain libc call on a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let loaded = SettingsFile::load(&fifo, Settings::default());
    assert!(loaded.messages[0].contains("not a regular file"), "{:?}", loaded.messages);
    assert!(!loaded.file.writable());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn many_bad_lines_are_reported_as_twenty_and_a_count() {
    let dir = temp_dir("many");
    let path = dir.join("settings.txt");
    let text = "nonsense\n".repeat(100_000) + "size = 6x6\n";
    std::fs::write(&path, &text).unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    assert_eq!(loaded.messages.len(), 21);
    assert!(loaded.messages[20].contains("99980 more bad lines ignored"), "{:?}", loaded.messages[20]);
    assert_eq!(loaded.settings.size, Geometry::new(6, 6).unwrap());
    // A long bad value is quoted short.
    let mut s = Settings::default();
    let errors = s.apply_text(&format!("black = {}\n", "x".repeat(10_000)));
    assert!(errors[0].len() < 200, "{}", errors[0]);
    assert!(errors[0].contains("(10000 bytes)"), "{}", errors[0]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saving_keeps_the_file_s_line_ends_and_its_last_line_as_they_were() {
    let dir = temp_dir("crlf");
    let path = dir.join("settings.txt");
    // Windows line ends, and no line end after the last line.
    let original: &[u8] = b"# mine\r\nvolume = 50\r\ntheme = lava";
    std::fs::write(&path, original).unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    let mut file = loaded.file;
    let s = Settings { theme: Theme::Wood, coordinates: false, ..loaded.settings };
    assert!(file.save(&s).unwrap());
    let expected: &[u8] = b"# mine\r\nvolume = 50\r\ntheme = wood\r\ncoordinates = off";
    assert_eq!(std::fs::read(&path).unwrap(), expected);
    // A plain file with a final newline keeps it.
    std::fs::write(&path, "volume = 50\n").unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    let mut file = loaded.file;
    assert!(file.save(&Settings { volume: 0.6, ..loaded.settings }).unwrap());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "volume = 60\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_games_on_one_profile_keep_each_other_s_changes() {
    let dir = temp_dir("two");
    let path = dir.join("settings.txt");
    std::fs::write(&path, "# shared\nvolume = 80\n").unwrap();
    let a = SettingsFile::load(&path, Settings::default());
    let b = SettingsFile::load(&path, Settings::default());
    let (mut fa, mut fb) = (a.file, b.file);
    // A sets the volume to 70 and saves; B, which read the file before, sets the theme.
    assert!(fa.save(&Settings { volume: 0.7, ..a.settings.clone() }).unwrap());
    assert!(fb.save(&Settings { theme: Theme::Wood, ..b.settings.clone() }).unwrap());
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, "# shared\nvolume = 70\ntheme = wood\n");
    // B saving again, with nothing new of its own, leaves A's volume alone.
    assert!(!fb.save(&Settings { theme: Theme::Wood, ..b.settings }).unwrap());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unknown_key_is_answered_with_every_key_there_is() {
    let mut s = Settings::default();
    let errors = s.apply_text("palette = dark\n");
    for key in KEYS.iter().map(|k| k.name) {
        assert!(errors[0].contains(key), "{key} missing from: {}", errors[0]);
    }
    // And every key the file writes, it reads back.
    let mut back = Settings::default();
    let text: String = KEYS.iter().map(|k| format!("{} = {}\n", k.name, (k.get)(&s))).collect();
    assert!(back.apply_text(&text).is_empty(), "{text}");
}

#[test]
fn the_window_s_place_and_the_quick_game_are_kept() {
    let s = Settings {
        window: Some(WindowPlace { size: (1000, 700), at: Some(bevy::math::IVec2::new(-20, 40)) }),
        level: Level::Strong,
        colour: Side::White,
        ..Settings::default()
    };
    let mut back = Settings::default();
    assert!(back.apply_text(&s.to_text()).is_empty());
    assert_eq!(back, s);
    let errors = back.apply_text("window = huge\nlevel = god\ncolour = red\n");
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!(back, s, "bad values change nothing");
}

#[cfg(unix)]
#[test]
fn saving_keeps_permissions_and_writes_through_a_symlink() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("links");
    let target = dir.join("real.txt");
    std::fs::write(&target, "# my settings\nspeed = 2\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("settings.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let loaded = SettingsFile::load(&link, Settings::default());
    assert_eq!(loaded.settings.anim_speed, 2.0);
    let mut file = loaded.file;
    let s = Settings { anim_speed: 3.0, ..loaded.settings };
    assert!(file.save(&s).unwrap());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "# my settings\nspeed = 3\n");
    assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_key_whose_line_was_bad_takes_the_new_value_on_that_line_never_twice() {
    let file = b"# mine\nwindow = nonsense  # my note\nsize = 8x8\n";
    let text = String::from_utf8(edited_text(file, &[("window", "800x600+10+20".into())])).unwrap();
    assert_eq!(text, "# mine\nwindow = 800x600+10+20 # my note\nsize = 8x8\n");
    assert_eq!(text.matches("window").count(), 1);
}

#[test]
fn a_lone_carriage_return_in_a_file_without_crlf_stays_where_it_was() {
    let file = b"# old mac\rnote\nsize = 8x8\n";
    let text = edited_text(file, &[("size", "6x6".into())]);
    assert_eq!(text, b"# old mac\rnote\nsize = 6x6\n");
    let file = b"level = easy\r";
    let text = edited_text(file, &[("size", "6x6".into())]);
    assert!(text.starts_with(b"level = easy\r\n"), "{:?}", String::from_utf8_lossy(&text));
}
