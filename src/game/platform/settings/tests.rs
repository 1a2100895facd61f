//! The settings' own tests: reading, writing, migrating and the file's edge cases.
use super::*;

/// A fresh folder for one test, removed when dropped (also when the test fails).
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("konane-settings-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// The names of the files in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn text_round_trips_and_is_toml_with_typed_values() {
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
    let text = s.to_text();
    assert!(text.starts_with("# Kōnane settings, written by the game\nsize = \"9x13\"\n"), "{text}");
    for line in
        ["speed = 2.5", "coordinates = false", "ambient = 30", "black = \"expert\"", "keys-undo = [\"U\", \"Ctrl+Z\"]"]
    {
        assert!(text.lines().any(|l| l == line), "{line} not in:\n{text}");
    }
    let mut back = Settings::default();
    assert!(back.apply_text(&text).is_empty());
    assert_eq!(back, s);
}

#[test]
fn bad_keys_are_named_with_their_line_and_change_nothing() {
    let mut s = Settings::default();
    let errors = s.apply_text(
        "size = \"3x3\"\nblack = \"grandmaster\"\nwhite = \"expert\"\nspeed = \"fast\"\npalette = 3\n\
         theme = 1979-05-27\nambient = 101\nmute = [1]\n[keys]\nundo = \"G\"\n",
    );
    assert_eq!(errors.len(), 8, "{errors:?}");
    assert!(errors[0].starts_with("line 1: size 3x3 is out of range"), "{errors:?}");
    assert!(errors[1].starts_with("line 2: black 'grandmaster'"), "{errors:?}");
    assert!(errors[2].starts_with("line 4: speed 'fast'"), "{errors:?}");
    assert!(errors[3].starts_with("line 5: unknown setting 'palette'"), "{errors:?}");
    assert!(errors[4].starts_with("line 6: theme: expected a value, not a date"), "{errors:?}");
    assert!(errors[5].contains("line 7: ambient '101': expected 0 to 100"), "{errors:?}");
    assert!(errors[6].starts_with("line 8: mute"), "{errors:?}");
    assert!(errors[7].starts_with("line 9: 'keys' is a table"), "{errors:?}");
    // The good key applied, the bad ones left the defaults.
    assert_eq!(s.players, [Controller::Human, Controller::Ai(Level::Expert)]);
    assert_eq!(s.size, Settings::default().size);
    assert_eq!((s.anim_speed, s.ambient, s.theme), (1.0, 0.0, Theme::Lava));
    // Reading is lenient about the form: on/off in quotes, a number in quotes, one string
    // for a list.
    let mut s = Settings::default();
    assert!(s.apply_text("mute = \"on\"\nvolume = \"40\"\nkeys-undo = \"G, Ctrl+Z\"\n").is_empty());
    assert!(s.muted);
    assert_eq!(s.volume, 0.4);
    // A syntax error is one message naming where.
    let errors = s.apply_text("size = \"8x8\"\nvolume = 80 80\n");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("line 2, column 10: "), "{errors:?}");
}

#[test]
fn an_older_release_s_file_beside_is_read_once_into_toml_and_left_as_it_was() {
    let dir = temp_dir("older");
    let old: &[u8] = b"# mine\nsize = 10x10 # big\nblack = expert\nmute = on\nkeys-undo = G, Ctrl+Z\n";
    std::fs::write(dir.join("settings.txt"), old).unwrap();
    let path = dir.join("settings.toml");
    let loaded = SettingsFile::load(&path, Settings::default());
    assert!(loaded.messages.is_empty(), "{:?}", loaded.messages);
    assert_eq!(loaded.settings.size, Geometry::new(10, 10).unwrap());
    assert_eq!(loaded.settings.players[0], Controller::Ai(Level::Expert));
    assert!(loaded.settings.muted);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "# mine\nsize = \"10x10\" # big\nblack = \"expert\"\nmute = true\nkeys-undo = [\"G\", \"Ctrl+Z\"]\n"
    );
    assert_eq!(std::fs::read(dir.join("settings.txt")).unwrap(), old, "the old file stays as it was");
    // Once: the TOML file is read from now on, and changes go there only.
    let again = SettingsFile::load(&path, Settings::default());
    assert!(again.messages.is_empty());
    assert_eq!(again.settings, loaded.settings);
    let mut file = again.file;
    assert!(file.save(&Settings { muted: false, ..again.settings }).unwrap());
    assert!(std::fs::read_to_string(&path).unwrap().contains("\nmute = false\n"));
    assert_eq!(std::fs::read(dir.join("settings.txt")).unwrap(), old);
    assert_eq!(names(&dir), ["settings.toml", "settings.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_not_toml_is_rewritten_keeping_every_line_and_a_copy() {
    let dir = temp_dir("bytes");
    let path = dir.join("settings.toml");
    let original: &[u8] =
        b"# mine \xff\xfe\rx\nsize = 10x10 # big\nblack = \"expert\"\nwhite = human\nbad \xc3 line\npalette = dark\n\
          size = 6x6\n";
    std::fs::write(&path, original).unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    assert_eq!(loaded.settings.size, Geometry::new(6, 6).unwrap(), "the last size line counts");
    assert_eq!(loaded.settings.players, [Controller::Ai(Level::Expert), Controller::Human]);
    // Said: not TOML (where), the copy; then the lines that set nothing.
    assert_eq!(loaded.messages.len(), 3, "{:?}", loaded.messages);
    assert!(loaded.messages[0].contains("not TOML (line 1: not UTF-8 text)"), "{:?}", loaded.messages);
    assert!(loaded.messages[0].contains("the old text is kept as"), "{:?}", loaded.messages);
    assert!(loaded.messages[1].contains("line 5: not UTF-8"), "{:?}", loaded.messages);
    assert!(loaded.messages[2].contains("line 6: unknown setting 'palette'"), "{:?}", loaded.messages);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        "# mine \u{fffd}\u{fffd}\u{fffd}x\n# (set again below) size = 10x10 # big\nblack = \"expert\"\n\
         white = \"human\"\n# (not understood) bad \u{fffd} line\n# (not understood) palette = dark\nsize = \"6x6\"\n"
    );
    let copy = names(&dir).into_iter().find(|n| n.starts_with("settings.toml.old-")).expect("a copy");
    assert_eq!(std::fs::read(dir.join(copy)).unwrap(), original);
    // Read again: TOML now, nothing to say, the same settings.
    let again = SettingsFile::load(&path, Settings::default());
    assert!(again.messages.is_empty(), "{:?}", again.messages);
    assert_eq!(again.settings, loaded.settings);
    assert_eq!(names(&dir).len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn nothing_changed_writes_nothing_and_a_change_edits_only_its_value() {
    let dir = temp_dir("edit");
    let path = dir.join("settings.toml");
    let original = "# mine\nsize   =   \"10x10\"   # big\n\nblack = \"expert\"\npalette = \"dark\"  # unknown, kept\n\
                    [later]\nnote = 1\n";
    std::fs::write(&path, original).unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    assert_eq!(loaded.messages.len(), 2, "{:?}", loaded.messages);
    let mut file = loaded.file;
    assert!(!file.save(&loaded.settings).unwrap());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    let s = Settings { size: Geometry::new(6, 6).unwrap(), coordinates: false, ..loaded.settings };
    assert!(file.save(&s).unwrap());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "# mine\nsize   =   \"6x6\"   # big\n\nblack = \"expert\"\npalette = \"dark\"  # unknown, kept\n\
         coordinates = false\n[later]\nnote = 1\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unreadable_file_is_never_written_over() {
    let dir = temp_dir("unreadable");
    // A directory where the file should be, and a FIFO: reported at once, never written.
    let as_dir = dir.join("settings.toml");
    std::fs::create_dir_all(&as_dir).unwrap();
    let loaded = SettingsFile::load(&as_dir, Settings::default());
    assert!(loaded.messages[0].contains("not a regular file"), "{:?}", loaded.messages);
    assert!(loaded.messages[0].contains("will not be saved"), "{:?}", loaded.messages);
    let mut file = loaded.file;
    let changed = Settings { coordinates: false, ..Settings::default() };
    assert!(!file.save(&changed).unwrap());
    assert!(as_dir.is_dir());
    let fifo = dir.join("fifo.toml");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: plain libc call on a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let loaded = SettingsFile::load(&fifo, Settings::default());
    assert!(loaded.messages[0].contains("not a regular file"), "{:?}", loaded.messages);
    assert!(!loaded.file.writable());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_broken_while_the_game_runs_is_not_saved_over() {
    let dir = temp_dir("broken-later");
    let path = dir.join("settings.toml");
    std::fs::write(&path, "volume = 50\n").unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    let mut file = loaded.file;
    std::fs::write(&path, "volume = = 50\n").unwrap();
    let e = file.save(&Settings { volume: 0.6, ..loaded.settings }).unwrap_err();
    assert!(e.contains("is not TOML: line 1, column 10"), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "volume = = 50\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn many_bad_lines_are_reported_as_twenty_and_a_count() {
    let dir = temp_dir("many");
    let path = dir.join("settings.toml");
    let text: String = (0..100_000).map(|i| format!("k{i} = 1\n")).collect::<String>() + "size = \"6x6\"\n";
    std::fs::write(&path, &text).unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    assert_eq!(loaded.messages.len(), 21);
    assert!(loaded.messages[20].contains("99980 more bad lines ignored"), "{:?}", loaded.messages[20]);
    assert_eq!(loaded.settings.size, Geometry::new(6, 6).unwrap());
    // A long bad value is quoted short.
    let mut s = Settings::default();
    let errors = s.apply_text(&format!("black = \"{}\"\n", "x".repeat(10_000)));
    assert!(errors[0].len() < 200, "{}", errors[0]);
    assert!(errors[0].contains("(10000 bytes)"), "{}", errors[0]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saving_keeps_the_file_s_line_ends() {
    let dir = temp_dir("crlf");
    let path = dir.join("settings.toml");
    // Windows line ends.
    let original: &[u8] = b"# mine\r\nvolume = 50\r\ntheme = \"lava\"\r\n";
    std::fs::write(&path, original).unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    assert!(loaded.messages.is_empty(), "{:?}", loaded.messages);
    let mut file = loaded.file;
    let s = Settings { theme: Theme::Wood, coordinates: false, ..loaded.settings };
    assert!(file.save(&s).unwrap());
    let expected: &[u8] = b"# mine\r\nvolume = 50\r\ntheme = \"wood\"\r\ncoordinates = false\r\n";
    assert_eq!(
        String::from_utf8(std::fs::read(&path).unwrap()).unwrap(),
        String::from_utf8(expected.to_vec()).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_games_on_one_profile_keep_each_other_s_changes() {
    let dir = temp_dir("two");
    let path = dir.join("settings.toml");
    std::fs::write(&path, "# shared\nvolume = 80\n").unwrap();
    let a = SettingsFile::load(&path, Settings::default());
    let b = SettingsFile::load(&path, Settings::default());
    let (mut fa, mut fb) = (a.file, b.file);
    // A sets the volume to 70 and saves; B, which read the file before, sets the theme.
    assert!(fa.save(&Settings { volume: 0.7, ..a.settings.clone() }).unwrap());
    assert!(fb.save(&Settings { theme: Theme::Wood, ..b.settings.clone() }).unwrap());
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, "# shared\nvolume = 70\ntheme = \"wood\"\n");
    // B saving again, with nothing new of its own, leaves A's volume alone.
    assert!(!fb.save(&Settings { theme: Theme::Wood, ..b.settings }).unwrap());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unknown_key_is_answered_with_every_key_there_is() {
    let mut s = Settings::default();
    let errors = s.apply_text("palette = \"dark\"\n");
    for key in KEYS.iter().map(|k| k.name) {
        assert!(errors[0].contains(key), "{key} missing from: {}", errors[0]);
    }
    // Every key's shape fits its value: switches are on or off, numbers are numbers.
    for k in &KEYS {
        let text = (k.get)(&s);
        match k.shape {
            keys::Shape::Switch => assert!(text == "on" || text == "off", "{}: {text}", k.name),
            keys::Shape::Number => assert!(text.parse::<f64>().is_ok(), "{}: {text}", k.name),
            _ => {}
        }
    }
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
    let errors = back.apply_text("window = \"huge\"\nlevel = \"god\"\ncolour = \"red\"\n");
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!(back, s, "bad values change nothing");
}

#[cfg(unix)]
#[test]
fn saving_keeps_permissions_and_writes_through_a_symlink() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("links");
    let target = dir.join("real.toml");
    std::fs::write(&target, "# my settings\nspeed = 2\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("settings.toml");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let loaded = SettingsFile::load(&link, Settings::default());
    assert_eq!(loaded.settings.anim_speed, 2.0);
    let mut file = loaded.file;
    let s = Settings { anim_speed: 3.5, ..loaded.settings };
    assert!(file.save(&s).unwrap());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "# my settings\nspeed = 3.5\n");
    assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
    // No temporary file is left behind.
    assert_eq!(names(&dir).len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_key_whose_value_was_bad_takes_the_new_value_in_its_place_never_twice() {
    let file = "# mine\nwindow = \"nonsense\"  # my note\nsize = \"8x8\"\n";
    let text = document::edited(file, &[("window", "800x600+10+20".into())]).unwrap();
    assert_eq!(text, "# mine\nwindow = \"800x600+10+20\"  # my note\nsize = \"8x8\"\n");
    assert_eq!(text.matches("window").count(), 1);
    // A value of the wrong type is replaced too.
    let text = document::edited("volume = \"loud\"\n", &[("volume", "60".into())]).unwrap();
    assert_eq!(text, "volume = 60\n");
}
