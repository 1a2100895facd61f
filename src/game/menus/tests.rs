//! The menus' tests: items, steps, choices and what they do.
use super::*;

#[test]
fn resign_is_offered_only_to_a_person_who_plays() {
    let started = |players| {
        let mut rules = Rules::new(GameSetup::play(standard(), players), None);
        let m = rules.legal_moves()[0];
        rules.game.play(m).unwrap();
        rules
    };
    let ctx = |rules: &Rules| {
        context(
            &Resumable::Nothing,
            &SaveList::default(),
            Some(rules),
            None,
            None,
            &Settings::default(),
            Default::default(),
        )
    };
    let watched = started([Controller::Ai(Level::Easy), Controller::Ai(Level::Hard)]);
    assert!(!ctx(&watched).enabled(MenuItem::Resign), "the computer playing itself is only watched");
    let played = started([Controller::Human, Controller::Ai(Level::Hard)]);
    assert!(ctx(&played).enabled(MenuItem::Resign));
}

#[test]
fn going_back_returns_the_focus_to_the_item_the_player_came_from() {
    let mut trail = FocusTrail::default();
    // Title (5th item) → More ways → Load (from its 4th) → back, back.
    assert_eq!(trail.follow(Overlay::None, 4, Navigate::To(Overlay::MoreGames), Overlay::MoreGames), 0);
    assert_eq!(trail.follow(Overlay::MoreGames, 3, Navigate::To(Overlay::Load), Overlay::Load), 0);
    assert_eq!(trail.follow(Overlay::Load, 1, Navigate::Back, Overlay::MoreGames), 3);
    assert_eq!(trail.follow(Overlay::MoreGames, 3, Navigate::Back, Overlay::None), 4);
    // A menu opened afresh starts on its first item, whatever was there before.
    assert_eq!(trail.follow(Overlay::None, 2, Navigate::To(Overlay::Settings), Overlay::Settings), 0);
    assert_eq!(trail.follow(Overlay::Settings, 0, Navigate::To(Overlay::None), Overlay::None), 0);
    assert!(trail.0.len() <= 2, "{trail:?}");
}

#[test]
fn the_board_size_steps_through_the_presets_round_the_list_and_from_a_size_of_ones_own() {
    assert_eq!(preset_after((8, 8), 1), (10, 10));
    assert_eq!(preset_after((8, 8), -1), (6, 6));
    assert_eq!(preset_after((14, 17), 1), (6, 6));
    assert_eq!(preset_after((6, 6), -1), (14, 17));
    // 7×7 is no preset: up is the next larger board, down the last smaller one.
    assert_eq!(preset_after((7, 7), 1), (8, 8));
    assert_eq!(preset_after((7, 7), -1), (6, 6));
    assert_eq!(preset_after((20, 20), 1), (6, 6));
    let mut s = Settings { size: Geometry::new(7, 7).unwrap(), ..Settings::default() };
    assert!(adjust(&mut s, MenuItem::Preset, 1));
    assert_eq!((s.size.rows(), s.size.cols()), (8, 8));
}

fn situation(game: Option<(GameSetup, Side)>, overlay: Overlay) -> Situation {
    Situation { screen: Screen::Game, overlay, unfinished: true, saved_game: false, keeps_saves: true, game }
}

#[test]
fn yes_to_resigning_gives_up_for_the_person_at_the_screen_or_else_the_side_to_move() {
    let ask = Overlay::Confirm(Discard::Resign);
    let close = Effect::Navigate(Navigate::To(Overlay::None));
    let vs = GameSetup::versus(Level::Easy, Side::White);
    assert_eq!(choose(MenuItem::Yes, &situation(Some((vs, Side::Black)), ask)), [close, Effect::Resign(Side::White)]);
    let two = GameSetup::play(standard(), [Controller::Human; 2]);
    assert_eq!(choose(MenuItem::Yes, &situation(Some((two, Side::Black)), ask)), [close, Effect::Resign(Side::Black)]);
    // Yes with no question open does nothing.
    assert!(choose(MenuItem::Yes, &situation(Some((two, Side::Black)), Overlay::Pause)).is_empty());
}

#[test]
fn deleting_a_saved_game_asks_first_and_yes_deletes_it_and_returns_to_the_list() {
    let at = situation(None, Overlay::Load);
    let ask = Overlay::Confirm(Discard::DeleteSave(2));
    assert_eq!(choose(MenuItem::DeleteSave(2), &at), [Effect::Navigate(Navigate::To(ask))]);
    assert_eq!(
        choose(MenuItem::Yes, &situation(None, ask)),
        [Effect::Saves(SaveRequest::Delete(2)), Effect::Navigate(Navigate::To(Overlay::Load))]
    );
}

#[test]
fn a_new_game_from_the_title_asks_before_replacing_the_saved_one() {
    let title = |saved_game| Situation {
        screen: Screen::Title,
        overlay: Overlay::None,
        unfinished: false,
        saved_game,
        keeps_saves: true,
        game: None,
    };
    assert_eq!(choose(MenuItem::TwoPlayers, &title(false)), [Effect::Start(NewGameKind::TwoPlayers, false)]);
    let ask = Overlay::Confirm(Discard::NewGame(NewGameKind::Watch));
    assert_eq!(choose(MenuItem::WatchComputer, &title(true)), [Effect::Navigate(Navigate::To(ask))]);
    let yes = choose(MenuItem::Yes, &Situation { overlay: ask, ..title(true) });
    assert_eq!(yes[1], Effect::Start(NewGameKind::Watch, true));
}

#[test]
fn the_end_of_a_game_offers_two_big_actions_and_the_rest_one_step_in() {
    use MenuItem::*;
    let menu = |overlay| menu_items(Screen::Game, overlay, MenuContext::default());
    assert_eq!(menu(Overlay::GameOver), [Rematch, Review, MoreActions]);
    let more = menu(Overlay::GameOverMore);
    for item in [RematchSwapped, TakeBack, Save, CopyRecord, LookAtBoard, ToTitle, Back] {
        assert!(more.contains(&item), "{item:?} missing from {more:?}");
    }
    let at = |overlay| Situation {
        screen: Screen::Game,
        overlay,
        unfinished: false,
        saved_game: false,
        keeps_saves: true,
        game: None,
    };
    assert_eq!(choose(MoreActions, &at(Overlay::GameOver)), [Effect::Navigate(Navigate::To(Overlay::GameOverMore))]);
    // Back returns to the card's first page, which is a card too: the board does not move.
    assert_eq!(Overlay::GameOverMore.parent(Screen::Game), Overlay::GameOver);
    let room = |o: Overlay| o.card_room(Vec2::new(1280.0, 800.0), 1.0);
    assert_eq!(room(Overlay::GameOverMore), room(Overlay::GameOver));
}

#[test]
fn online_a_watcher_only_looks_and_a_player_cannot_restart_or_take_back_alone() {
    let menu = |overlay, online, unfinished| {
        menu_items(Screen::Game, overlay, MenuContext { online, unfinished, ..MenuContext::default() })
    };
    use MenuItem::*;
    assert_eq!(menu(Overlay::Pause, Some(false), true), [Resume, CopyRecord, Settings, ToTitle]);
    assert_eq!(menu(Overlay::GameOver, Some(false), false), [Review, CopyRecord, LookAtBoard, ToTitle]);
    let playing = menu(Overlay::Pause, Some(true), true);
    assert!(playing.contains(&Resign) && !playing.contains(&Restart) && !playing.contains(&Tutorial));
    // Over: Resign stays in its place, greyed (nothing below it moves).
    assert_eq!(menu(Overlay::Pause, Some(true), false), playing);
    let over_ctx = MenuContext { online: Some(true), unfinished: false, ..MenuContext::default() };
    assert!(
        !over_ctx.enabled(Resign) && MenuContext { unfinished: true, resignable: true, ..over_ctx }.enabled(Resign)
    );
    let over = menu(Overlay::GameOver, Some(true), false);
    assert!(over.contains(&Rematch) && !over.contains(&RematchSwapped) && !over.contains(&TakeBack));
    assert_eq!(menu_items(Screen::Title, Overlay::OnlineJoin, MenuContext::default()), [CodeField, JoinNow, Back]);
}

#[test]
fn online_a_rematch_and_a_refused_take_back_go_to_the_server() {
    let online = GameSetup::online(standard(), Some(Side::Black));
    let at = situation(Some((online, Side::Black)), Overlay::GameOver);
    assert_eq!(choose(MenuItem::Rematch, &at), [Effect::Online(OnlineStep::Rematch)]);
    let asked = situation(Some((online, Side::Black)), Overlay::Confirm(Discard::AllowUndo));
    assert_eq!(
        choose(MenuItem::No, &asked),
        [Effect::Online(OnlineStep::AnswerUndo(false)), Effect::Navigate(Navigate::To(Overlay::None))]
    );
    let two = GameSetup::play(standard(), [Controller::Human; 2]);
    let local = choose(MenuItem::Rematch, &situation(Some((two, Side::Black)), Overlay::GameOver));
    assert_eq!(local[0], Effect::NewGame(two), "a game on this machine starts again here");
}

#[test]
fn every_item_of_the_settings_and_the_setup_has_words_of_its_own() {
    let mut keys: Vec<&str> = menu_items(Screen::Game, Overlay::Settings, MenuContext::default())
        .into_iter()
        .chain(menu_items(Screen::Game, Overlay::Setup, MenuContext::default()))
        .filter(|i| *i != MenuItem::Back)
        .map(MenuItem::key)
        .collect();
    let n = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), n);
    assert_eq!(MenuItem::Mute.key(), "item-sound");
    assert_eq!(MenuItem::Yes.key(), "item-yes");
}

#[test]
fn choosing_an_opponent_brings_the_level_into_its_range_and_play_starts_against_it() {
    use crate::ai::{Level, Persona};
    let mut s = Settings { level: Level::Expert, ..Settings::default() };
    // The plain computer, then each named opponent in turn, then back.
    assert!(adjust(&mut s, MenuItem::Opponent, 1));
    assert_eq!(s.opponent, Some(Persona::ALL[0]));
    while s.opponent != Some(Persona::Lani) {
        adjust(&mut s, MenuItem::Opponent, 1);
    }
    assert_eq!(s.level, Level::Medium, "Expert is past Lani's range: its top instead");
    // The level steps only within the range.
    assert!(!adjust(&mut s, MenuItem::PlayComputer, 1));
    adjust(&mut s, MenuItem::PlayComputer, -1);
    adjust(&mut s, MenuItem::PlayComputer, -1);
    assert!(!adjust(&mut s, MenuItem::PlayComputer, -1));
    assert_eq!(s.level, Level::Beginner);
    let setup = setup_for(NewGameKind::Computer, &s);
    assert_eq!(setup.persona, Some(Persona::Lani));
    assert_eq!(setup.opponent_level(), Some(Level::Beginner));
    // Back to the plain computer: no persona.
    for _ in 0..Persona::ALL.len() + 1 {
        if s.opponent.is_none() {
            break;
        }
        adjust(&mut s, MenuItem::Opponent, 1);
    }
    assert_eq!(setup_for(NewGameKind::Computer, &s).persona, None);
}
