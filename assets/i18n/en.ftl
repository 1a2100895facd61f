# Kōnane — the interface in English.
# Every language file has the same message ids; the tests check that none is missing.
# Variables: $side, $colour, $own take "black" or "white"; $cell is a cell such as b4,
# $move a move in notation (d4-d6); other variables are said below where they are used.

## Sides and players

side-black = Black
side-white = White
player-you = You
player-computer = The computer
# $side: the computer's colour, when the computer plays both or the players are two people.
player-side-computer = { $side -> 
    [black] Black (computer)
   *[white] White (computer)
}
score-you = You
score-computer = Computer
value-on = on
value-off = off

## Levels (the computer's strength) and board looks

level-beginner = Beginner
level-easy = Easy
level-medium = Medium
level-hard = Hard
level-strong = Strong
level-expert = Expert
level-beginner-about = for learning the rules: looks one move ahead, often careless
level-easy-about = looks two moves ahead, sometimes misjudges
level-medium-about = looks four moves ahead, rarely slips
level-hard-about = a real search: a strong opponent
level-strong-about = Expert's search with far less time: a hard fight
level-expert-about = full strength: deep search and an exact endgame solver
theme-lava = Lava rock
theme-wood = Monkeypod wood
theme-contrast = High contrast

## The status line above the board

status-you-resigned = You resigned
status-computer-resigned = The computer resigned — you win
status-side-resigned = { $side ->
    [black] Black resigned — White wins
   *[white] White resigned — Black wins
}
status-moving-you = Moving your stone…
# $who: a player's name (player-computer, side-black, player-side-computer …)
status-moving = { $who } is moving…
# $loser: the player's name of the side that has no move
status-you-win = You win — the computer has no move
status-you-lose = You lose — you have no move
status-side-wins = { $side ->
    [black] Black wins — White has no move
   *[white] White wins — Black has no move
}
status-computer-thinking = The computer is thinking…
# $name: a named opponent (Keala, Lani, …)
status-persona-resigned = { $name } resigned — you win
status-persona-no-move = You win — { $name } has no move
status-persona-thinking = { $name } is thinking…
# $name: a named opponent; $level: a level's name
score-persona-level = { $name } ({ $level })
status-side-thinking = { $side ->
    [black] Black (computer) is thinking…
   *[white] White (computer) is thinking…
}
status-your-first-removal = Your turn — remove a centre or corner stone
status-black-removes = Black removes a centre or corner stone
status-your-second-removal = Your turn — remove a stone next to the hole
status-white-removes = White removes a stone next to the hole
status-your-jump = { $colour ->
    [black] Your turn — jump with a black stone
   *[white] Your turn — jump with a white stone
}
status-side-jumps = { $side ->
    [black] Black to move — jump with a black stone
   *[white] White to move — jump with a white stone
}
# $n: the lesson's number, $total: how many lessons, $text: its task or title
status-lesson-reading = Lesson { $n } of { $total }
status-lesson = Lesson { $n } of { $total }: { $text }

## Notices under the status line

notice-played = { $who } played { $move }
hint-looking = Looking for a good move…
# $standing: one of the hint-… phrases below
hint-good-move = Good move: { $move } — { $standing }
hint-winning = you are winning
hint-puzzle-nudge = Hint 1 of 3: the winning move takes { $n ->
    [one] one stone
   *[other] { $n } stones
}. Press Hint again for more.
hint-puzzle-stone = Hint 2 of 3: the winning move starts from { $cell }.
hint-puzzle-move = Hint 3 of 3: { $move } wins. Solved with this hint, the puzzle leaves your puzzle rating as it is.
hint-behind = you are behind
hint-even = the game is even
# $n: the most moves of yours the proven win (or loss) takes
hint-proven-win-in = proven: you win in at most { $n ->
    [one] one move
   *[other] { $n } moves
}
hint-proven-win = proven: you win
hint-proven-loss-in = proven: you lose within { $n ->
    [one] one move
   *[other] { $n } moves
}
hint-proven-loss = proven: you lose with best play
# $score: the engine's number, with its sign
hint-detail-score = Engine evaluation: { $score } (positive: good for you)
hint-detail-proven = Proven by the exact solver
hint-detail-proven-plies = Proven by the exact solver ({ $plies ->
    [one] 1 ply
   *[other] { $plies } plies
})

## Refusals: why a click did nothing

refuse-wait = Wait — the computer is thinking
refuse-enemy-stone = { $colour ->
    [black] { $cell } is a black stone — you move the white ones
   *[white] { $cell } is a white stone — you move the black ones
}
refuse-cannot-jump = { $cell } cannot jump — no enemy beside it with an empty cup behind
refuse-pick-own = { $own ->
    [black] Pick up one of your black stones first
   *[white] Pick up one of your white stones first
}
refuse-already-empty = { $cell } is already empty
refuse-remove-enemy = { $colour ->
    [black] { $cell } is a black stone — remove a white one
   *[white] { $cell } is a white stone — remove a black one
}
refuse-not-centre-corner = { $cell } is not in the centre or a corner — pick a ringed stone
refuse-not-next-to-hole = { $cell } is not next to the hole — pick a ringed stone
refuse-cannot-land = It cannot land there — a jump goes over one enemy stone into an empty cup
refuse-illegal = { $move } is not a legal move here
refuse-already-over = The game is already over
refuse-over = The game is over
refuse-nothing-to-undo = Nothing to undo
refuse-undo-unrates = Taking a move back makes this game unrated. Press Undo again to take it back.
hud-undo-unrates = Taking a move back makes this game unrated.
refuse-nothing-to-redo = Nothing to redo

## The bar above the board

hud-undo = Undo
hud-undo-keys = { $keys } · pad { $pad }
hud-redo = Redo
hud-redo-keys = { $keys } · pad { $pad }
hud-hint = Hint
hud-menu = Menu
hud-menu-keys = { $keys } · pad { $pad }
hud-moves = Moves
hud-moves-tip = The move list; click a move to see it
# $n: moves played; $left, $right: the players' names; $b, $w: their wins since the game started
hud-score = Move { $n } · games: { $left } { $b } – { $w } { $right }
hud-score-short = Move { $n } · games { $b }–{ $w }
hud-back-to-game = Back to game
hud-back-keys = { $keys } · pad { $pad }
# $total: moves in the game; $k: the move shown
review-start = The start, before move 1 of { $total } · left/right step
review-after = After move { $k } of { $total } · left/right step
moves-title = Moves

## The title screen

title-play = Play
title-play-caption = vs the computer · { $level } · you play { $side }
title-continue-caption = your unfinished game, where you left it
title-tile-learn = Learn
title-tile-puzzles = Puzzles
title-tile-online = Online
title-subtitle = The Hawaiian stone-jumping game
title-new-player = New to Kōnane? Choose Learn: eight short lessons.
title-graduated = Well done: you know Kōnane now! Press Play for your first game.
# $why: what was wrong with the file
title-unreadable = The unfinished game could not be read (the file is kept): { $why }
controls-mouse = Mouse: click a stone, then where it lands (or drag it).
controls-keys = Keys: { $move }, { $choose } choose, { $back } back; { $undo } undo, { $mute } sound, { $delete } removes a saved game.
controls-pad = Pad: { $move } or the stick, { $choose } choose, { $back } back, { $undo }/{ $redo } undo/redo, { $delete } delete, { $pause } menu.

## Menu buttons

item-continue = Continue
# $level: a level's name
item-play-computer = Play vs computer · { $level }
# $side: a side's name
item-your-colour = You play: { $side }
item-opponent = Opponent: { $name }
# $name: a named opponent (Keala, Lani, …); $level: a level or level-adapts
item-play-persona = Play vs { $name } · { $level }
level-adapts = adapts to you
opponent-computer = the computer
opponent-computer-line = plays its level, nothing more
opponent-computer-title = The computer
# $from, $to: level names
persona-range = Plays { $from } to { $to }
persona-keala-line = a friendly rival who keeps every game close
persona-lani-line = mirrors the board, calm and tidy
persona-pua-line = plays fast and loose, always attacking
persona-kekoa-line = grabs every multi-jump he sees
persona-makana-line = hoards her moves and waits for yours to run out
item-two-players = Two players
item-watch = Watch computer vs computer
item-custom = Custom game…
item-load = Load game…
item-how-to-play = How to play
item-tutorial = Learn to play…
item-try-lesson = Try it
item-next-lesson = Next lesson
item-finish-tutorial = Finish the tutorial
item-show-lesson = Show the lesson again
item-leave-tutorial = Leave the tutorial
item-quit = Quit
item-settings = Settings
# $percent: a whole number from 0 to 100 (or more)
item-volume = Effects volume: { $percent } %
# $value: value-on or value-off
item-sound = Sound: { $value } ({ $key })
item-ambience = Surf and wind: { $percent } %
item-ambience-off = Surf and wind: off
item-music = Music: { $percent } %
item-music-off = Music: off
item-music-background = Music in the background: { $value }
# $theme: theme-lava or theme-wood
item-theme = Board: { $theme }
# $speed: a decimal such as 1.25
item-speed = Animation speed: { $speed }×
item-speed-instant = Animation speed: instant
item-movable = Show stones that can move: { $value }
item-coordinates = Coordinates: { $value }
item-fullscreen = Fullscreen: { $value }
item-ui-scale = Interface size: { $percent } %
# $language: the language's own name
item-language = Language: { $language }
item-back = Back
item-preset = Board: { $rows } × { $cols }
item-rows = Rows: { $rows }
item-columns = Columns: { $cols }
# $who: controller-person or controller-computer
item-black-player = Black: { $who }
item-white-player = White: { $who }
controller-person = Person
controller-computer = Computer — { $level }
item-swap = Swap colours
item-start = Start game
item-saved-game = Saved game { $n }
item-delete = Delete
item-paste = Paste a record from the clipboard
item-resume = Resume
item-restart = Restart
item-save = Save game
item-copy = Copy record
item-resign = Resign
item-to-title = Quit to title
item-rematch = Rematch
item-rematch-swapped = Rematch, colours swapped
item-review = Review the game
item-look = Look at the board
item-yes = Yes
item-no = No

## Questions before something is lost

question-restart = Start again? This game will be lost.
question-resign = Give up this game?
question-new-game = Start a new game? The unfinished one will be lost.
question-leave = Leave this game? It will be lost.
question-delete-save = Delete this saved game?
question-open-game = Open this game? The unfinished one will be lost.

## Menus over the board

menu-paused = Paused
menu-settings = Settings
settings-hint = Left and right change a value.
setup-title = Custom game
setup-hint = Left and right change a value; the choice is remembered.
# $side: side-black or side-white; $level: its level; $about: the level's description
setup-player = { $side }: { $level } — { $about }
load-title = Saved games
load-empty = No saved games yet: save one from the pause menu.
load-hint = A or Enter opens a game; X or Delete deletes it.
rules-title = How to play
# $n: the lesson's number, $total: how many, $title: its title
lesson-well-done = Well done. { $done }
lesson-your-move = Your move: { $task }.
over-you-win = You win!
over-you-lose = You lose
over-side-wins = { $side ->
    [black] Black wins
   *[white] White wins
}
# $who: a player's name
over-resigned = { $who } resigned.
over-you-resigned = You resigned.
over-no-jump = { $who } has no jump left (its stones are marked).
over-you-no-jump = You have no jump left (your stones are marked).
# $moves: moves played; $black, $white: stones each side captured
over-summary = { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} · Black took { $black ->
    [one] 1 stone
   *[other] { $black } stones
}, White took { $white ->
    [one] 1 stone
   *[other] { $white } stones
}

## Saved games

# $rows, $cols: the board; $black, $white: save-person or save-computer
save-what = { $rows }×{ $cols } · { $black } vs { $white }
save-person = Person
save-computer = Computer ({ $level })
# $date: when it was saved (or the file's name); $moves: moves played; $result: result-…
save-when = { $date } · { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} · { $result }
result-won = { $winner ->
    [black] Black won
   *[white] White won
}
result-won-resigned = { $winner ->
    [black] Black won (White resigned)
   *[white] White won (Black resigned)
}
result-unfinished = unfinished
# $name: the file's name
save-unreadable = { $name } cannot be read
load-cannot-open = That game cannot be opened: { $why }
load-paste-unreadable = The pasted record cannot be read: { $why }
# $bytes: the clipboard's size; $max: the largest record
load-paste-too-big = The clipboard holds { $bytes } bytes; a record is at most { $max } bytes.
load-deleted = Deleted.
# $path: the file; $why: the system's reason
load-not-deleted = { $path } was not deleted: { $why }
load-no-saves-here = This run keeps no saved games.
notice-copied = Record copied to the clipboard
notice-not-copied = Not copied: { $why }
notice-no-save-dir = Not saved: this run keeps no saved games (start it with --data-dir)
notice-saved = Saved — on the title, More ways to play, then Load game ({ $date })
notice-not-saved = Not saved to { $path }: { $why }

## How to play, on one page

rules-board-head = The board
rules-board = Stones fill every cup in a checkerboard: black basalt and white coral. Black moves first.
rules-opening-head = Opening
rules-opening = Black takes one of its own stones off the board, from the centre or a corner. White then takes one of its stones from a cup right next to that hole.
rules-jump-head = Jumping
rules-jump = From then on every move is a jump: a stone jumps straight (not diagonally) over an enemy stone next to it into the empty cup behind, and captures it.
rules-again-head = Jumping again
rules-again = The same stone may jump again in the same direction, one enemy stone and one empty cup at a time. You may stop after any jump: a jump is never forced to continue.
rules-end-head = The end
rules-end = Whoever cannot jump on their turn loses. There are no passes and no draws.
rules-tips-head = Tips
rules-tips = Keep moves for yourself and take away your opponent's; near the end, count the jumps each side has left.
rules-diagram-before = Before
rules-diagram-after = After

## The tutorial (each lesson: title, text, task on the status line, words when passed, and
## for some the reason another legal move is not the one)

lesson-board-title = The board and the stones
lesson-board-text = Kōnane is played on a papamū, a board of cups. Black basalt and white coral stones (ʻiliʻili) fill every cup in a checkerboard. Black moves first. The light blue rings mark the stones that may be taken off first; later, faint rings mark the stones that can jump.
lesson-open-title = Black opens
lesson-open-text = The game starts with a hole. Black takes one of its own stones off the board: one from the centre or from a corner. The stones it may take are ringed.
lesson-open-task = Take a black stone from the centre or a corner
lesson-open-done = Now there is a hole for White to answer.
lesson-answer-title = White answers
lesson-answer-text = White then takes one of its own stones from a cup right next to that hole: above, below, left or right. You play White here.
lesson-answer-task = Take a white stone next to the hole
lesson-answer-done = From now on, every move is a jump.
lesson-capture-title = A jump captures
lesson-capture-text = A stone jumps over an enemy stone right beside it, straight (never diagonally), into the empty cup just behind it. The stone jumped over is captured.
lesson-capture-task = Jump with the black stone that can capture
lesson-capture-done = Captured! Only the stone on b4 could jump: e4 has no enemy beside it with an empty cup behind.
lesson-double-title = Jumping again
lesson-double-text = After a jump the same stone may jump again, in the same straight line: one enemy stone and one empty cup at a time.
lesson-double-task = Capture both white stones with one move
lesson-double-done = Two stones in one move.
lesson-double-wrong = Nearly: keep going. The same stone can also jump d4, on to e4.
lesson-stop-title = Stopping early
lesson-stop-text = You may stop after any jump: a jump never has to continue. And you can only ever move by jumping, so a stone that cannot jump cannot move.
lesson-stop-task = Jump once and stop on c4
lesson-stop-done = A shorter jump is a different move: sometimes it is the better one.
lesson-stop-wrong = This time stop after the first jump, on c4.
lesson-end-title = How a game ends
lesson-end-text = Whoever cannot jump on their turn loses. There are no passes and no draws.
lesson-end-task = Play the move that leaves White without a jump
lesson-end-done = White has no jump left: Black wins.
lesson-end-wrong = After that move White can still jump. Find the move that leaves White stuck.
lesson-tips-title = Playing well
lesson-tips-text = Keep moves for yourself and take them away from your opponent: a stone that can jump is worth keeping. Near the end, count the jumps each side has left, and make the last one.

## Text shown as it is (a file's error, which the record reader gives in English)

plain = { $text }

## Puzzles

item-puzzles = Puzzles
# $grade: short, middle or long; $solved, $total: puzzles of the grade
item-puzzle-grade = { $grade ->
    [short] Win in 1–3 moves
    [middle] Win in 4–7 moves
   *[long] Win in 8 moves or more
} · { $solved }/{ $total } solved
item-next-puzzle = Next puzzle
item-retry-puzzle = Try again
item-leave-puzzle = Back to the puzzles
puzzles-title = Puzzles
puzzles-hint = Each puzzle is a proven win for the side to move. Any move that keeps the win counts; the computer defends as long as it can.
# $n, $total: the puzzle's place in its grade; $side: who plays; $moves: the shortest win
# $n, $total: the puzzle's place in its grade
puzzle-title-book = Puzzle { $n }/{ $total }
puzzle-title-daily = Daily puzzle
# $n: the puzzle's place in the streak
puzzle-title-streak = Streak, puzzle { $n }
puzzle-status = { $side ->
    [black] { $title }: Black to play and win in { $moves ->
        [one] one move
       *[other] { $moves } moves
    }
   *[white] { $title }: White to play and win in { $moves ->
        [one] one move
       *[other] { $moves } moves
    }
}
puzzle-solved-status = Solved — the opponent has no jump left
# $played: the move that lost; $answer: the reply that wins for the other side
puzzle-failed-status = { $played } loses: { $answer } wins for the other side
puzzle-solved = Solved!
puzzle-solved-text = { $moves ->
    [one] A forced win in one move.
   *[other] A forced win in { $moves } moves: the defence held out as long as it could.
}
puzzle-failed = That move loses
# $side: the defending side
puzzle-failed-text = { $side ->
    [black] After { $played }, Black answers { $answer } and wins with best play. Try again, or ask for a hint first.
   *[white] After { $played }, White answers { $answer } and wins with best play. Try again, or ask for a hint first.
}

## The analysis of a finished game (graph and notes)

# $done, $total: positions analysed so far, and in all
analysis-working = Analysing the game… { $done }/{ $total }
# $n: the move after which the result is proven; $side: the winner
analysis-proven = { $side ->
    [black] Proven after move { $n }: Black wins
   *[white] Proven after move { $n }: White wins
}
# $n: the move's number; $played: the move; $best: the engine's better move
analysis-threw = Move { $n }, { $played }, threw a proven win away; { $best } kept it
analysis-blunder = Move { $n }, { $played }, was a blunder; { $best } was better

# Session 9: one title level, lesson list, score per level, profile and autosave notices.
hud-move = Move { $n }
score-computer-level = Computer ({ $level })
notice-autosave-failed = Your unfinished game could not be kept in { $path }: { $why }
title-profile-in-use = Kōnane is open in another window too: games played here are not kept for Continue (use Save game to keep one).
item-more-games = New game…
item-more-actions = More…
item-lesson = { $n }. { $title }{ $mark }
lesson-mark-passed = { " · done" }
lesson-mark-open = { "" }
more-games-title = New game
more-games-hint = Against the computer at the level you choose, two people at this screen, the computer against itself, a board of your own, or a saved game.
lessons-title = Learn to play
lessons-hint = Eight short lessons, { $passed } of { $total } done. Start at any lesson.
status-you-played = You played { $move }
notice-you-play = You play { $side }
status-played = { $who } played { $move }
notice-muted = Sound off: { $key } turns it back on
notice-unmuted = Sound on
hud-muted = Sound off ({ $key })
# $side had a proven win after move $n, but $winner won after $side's mistake at move $m.
analysis-proven-thrown = { $side ->
    [black] Black had a forced win after move { $n }; { $winner ->
        [black] Black
       *[white] White
    } won after Black's mistake at move { $m }
   *[white] White had a forced win after move { $n }; { $winner ->
        [black] Black
       *[white] White
    } won after White's mistake at move { $m }
}
load-hint-keys = { $open } opens a game; { $delete } deletes it.
load-hint-pad = { $open } opens a game; { $delete } deletes it.
load-hint-pointer = Click a game to open it; its Delete button deletes it.
card-took = took { $n }
card-name-level = { $name } · { $level }
tray-took = { $who } took { $n }
item-take-back = Take back the last move
item-take-back-resignation = Take back the resignation

## Playing a friend online

player-friend = Your friend
controller-friend = Friend online
save-friend = Friend (online)
status-friend-resigned = Your friend resigned — you win
status-you-win-online = You win — your friend has no move
status-friend-thinking = Your friend's turn…
item-online = Play a friend online…
item-host = Host a game
item-join = Join with a code
item-watch-online = Watch with a code
item-start-hosting = Start hosting
# $code: the ten symbols typed so far, _ for each still missing (ABCDE-F____)
item-code = Code: { $code }
item-join-now = Join the game
item-watch-now = Watch the game
item-copy-code = Copy the code
item-watchers = Watchers: { $value }
watchers-anyone = anyone with the code
watchers-private = watch code only
question-allow-undo = Your friend asks to take back their last move. Allow it?
online-title = Play a friend online
online-hint = Host a game and tell your friend its code, or join theirs with the code they tell you. On the same network nothing needs setting up.
online-host-title = Host a game
online-host-here = This computer hosts the game; friends on this network join with its code.
# $server: host:port of the online server in the settings
online-host-server = The game is kept on { $server }.
online-join-title = Join a friend's game
online-watch-title = Watch a game
online-code-entry = Type the code your friend tells you (Ctrl+V pastes it), then Enter.
online-code-entry-pad = Left and right change a letter, A takes it and starts the next one.
# $code: the invite code, such as ABCDE-FG234
online-code-title = Your invite code: { $code }
online-code-hint = Tell your friend this code: they choose Play a friend online, then Join with a code.
# $address: host:port friends elsewhere give as the server
online-lan-address = From another network, they also need this address: { $address }
online-watch-code = Watch code, for those you let watch: { $code }
online-line-plain = The line is not encrypted: play this way only on a network you trust.
online-line-encrypted = The line is encrypted (TLS), and the server's certificate was checked.
online-line-pinned = The line is encrypted; the server's certificate is the pinned one: { $fingerprint }
# $why: what went wrong, in the server's or the system's words
online-refused = Online: { $why }
link-connecting = Connecting…
# $n: the attempt
link-reconnecting = The connection dropped — reconnecting (attempt { $n })…
link-unreachable = The server cannot be reached ({ $why }) — trying again…
link-replaced = This game goes on in another window or on another computer, which took your seat over: it has stopped here
link-abandoned = The game was abandoned: a player stayed away too long

## Clocks and fair endings online
# $value: clock-untimed, clock-real or clock-days
item-clock = Clock: { $value }
clock-untimed = none
# $minutes, $increment: the game's minutes and the seconds added after each move
clock-real = { $minutes } min + { $increment } s
# $days: the days each move may take
clock-days = { $days ->
    [one] one day a move
   *[other] { $days } days a move
}
item-claim-win = Claim the win
item-abort-game = Abort the game
online-aborted = The game was aborted before the first moves: it counts for nobody
online-won-on-time = You won on time — your friend's clock ran out
online-lost-on-time = You lost on time — your clock ran out
online-you-claimed = You won — your friend stayed away too long
online-friend-claimed = You lost — you were away too long and your friend claimed the game
# $side: the side whose clock ran out
online-side-lost-on-time = { $side ->
    [black] Black lost on time — White wins
   *[white] White lost on time — Black wins
}
# $side: the side that claimed the game
online-side-claimed = { $side ->
    [black] Black won — White stayed away too long
   *[white] White won — Black stayed away too long
}
# $seconds: until the claim opens
online-claim-soon = Your friend is away: you may claim the win in { $seconds } s, or keep waiting
online-claim-open = Your friend is away too long: claim the win from the menu, or keep waiting
link-watching = Watching game { $code }
link-waiting-friend = Waiting for your friend to join — code { $code }
# $minutes: how long the server keeps the game
link-friend-away = Your friend is disconnected — the game is kept for { $minutes } minutes
notice-rematch-asked = Asked your friend for a rematch
notice-code-copied = Invite code copied
notice-code-incomplete = A code has ten letters and digits
notice-friend-joined = Your friend joined
notice-friend-back = Your friend is back
notice-undo-asked = Asked your friend to take back your move
notice-undo-declined = Your friend said no to taking back
notice-friend-rematch = Your friend wants a rematch: choose Rematch to play

## About

item-about = About Kōnane
about-title = About Kōnane
about-hint = Up and down scroll the page.
about-version = Kōnane { $version }, built { $date }.
about-licence-head = Licence
about-licence = Free software: you may use, copy, change and share it under the MIT licence or the Apache License 2.0, as you choose. Both texts come with the game.
about-credits-head = Credits
about-credits = Made by the Kōnane developers. Kōnane itself is an old Hawaiian game; the rules here follow how it is commonly played today. The boards, stones, icons, music and sounds are drawn and synthesised by the game as it runs. The text is set in Noto Sans and Noto Serif Display (SIL Open Font License), with DejaVu Sans and egui's fonts for signs.
about-third-party-head = Built with
about-third-party = { $count } open-source crates, each under its own licence (their full texts come with the game):

## Scrolling

scroll-more-above = more above
scroll-more-below = more below

## Your record: rating, statistics, milestones

# $rating: your rating; $change: its change, signed (+12, −7)
over-rating = { $change ->
    [rose] Your rating rose to { $rating } ({ $points }): about { $level } level.
    [fell] Your rating fell to { $rating } ({ $points }): about { $level } level.
   *[same] Your rating stays at { $rating }: about { $level } level.
}
over-unrated = Unrated: a move was taken back.
notice-unrated = This game is now unrated: a move was taken back.
notice-result-stands = Your record keeps this game's result; play from here is not recorded.
notice-history-set-aside = Your record file was damaged and was set aside; a new one was started.
notice-history-read-only = Your record can be read but not written: new games are not recorded.
notice-history-unavailable = Your record cannot be kept this time: games are not recorded.
# $rating: your rating; $level: the level that gives even chances
title-rating = Your rating { $rating } · an even game: { $level }
# $level: a level to start with
title-rating-new = Your first rated game: try { $level }
item-stats = Your record
item-recorded-games = Your games…
# $date, $size, $players, $result: one finished game in the list
item-recorded = { $date } · { $size } · { $players } · { $result }
stats-title = Your record
stats-hint = Games against the computer on boards of 6×6 and up are rated, unless a move is taken back.
stats-no-rating = No rated game yet: play the computer on a board of 6×6 or larger.
stats-tile-rating = Rating
stats-tile-rating-sub = ± { $margin }
stats-tile-games = Games
stats-tile-streak = Wins in a row
stats-tile-streak-sub = best { $best }
stats-tile-best = Best win
stats-plot = Rating after each rated game
stats-results-head = Results (won–lost; for two people, games played)
stats-friend = a friend online
stats-milestones-head = Milestones
# $done, $target: progress
stats-progress = { $done }/{ $target }
stats-earned = earned
recorded-title = Your games
recorded-hint = Open a game to step through it and see how it went.
recorded-empty = No finished game yet.
recorded-won = won
recorded-lost = lost
# $side: the winning colour (two people at this screen)
recorded-side-won = { $side } won
recorded-you-v = you v { $who }
recorded-people = two people
# $name: the milestone earned
milestone-earned = Milestone: { $name }
milestone-first-game = First game
milestone-first-game-about = Finish a game.
milestone-beat-beginner = Past the beginner
milestone-beat-beginner-about = Beat the computer at Beginner.
milestone-beat-easy = Easy does it
milestone-beat-easy-about = Beat the computer at Easy.
milestone-beat-medium = Halfway up
milestone-beat-medium-about = Beat the computer at Medium.
milestone-beat-hard = Hard won
milestone-beat-hard-about = Beat the computer at Hard.
milestone-beat-strong = Stronger still
milestone-beat-strong-about = Beat the computer at Strong.
milestone-beat-expert = Loea
milestone-beat-expert-about = Beat the computer at Expert.
milestone-triple-jump = Triple jump
milestone-triple-jump-about = Take three stones with one move.
milestone-win-as-white = Second to move, first to win
milestone-win-as-white-about = Win a game playing White.
milestone-clean-win = No take-backs
milestone-clean-win-about = Win a rated game without taking a move back.
milestone-streak-5 = Five in a row
milestone-streak-5-about = Win five games in a row.
milestone-games-25 = Regular
milestone-games-25-about = Finish 25 games.
milestone-big-board = Wide waters
milestone-big-board-about = Win on a board of 10×10 or larger.
milestone-first-puzzle = Puzzle solver
milestone-first-puzzle-about = Solve a puzzle.
milestone-daily-10 = Ten days of puzzles
milestone-daily-10-about = Solve ten daily puzzles.
milestone-puzzle-streak-5 = On a roll
milestone-puzzle-streak-5-about = Solve five puzzles in a row in a puzzle streak.
item-daily-puzzle = Daily puzzle
item-puzzle-streak = Puzzle streak
item-next-in-streak = Next in the streak
# $rating: your puzzle rating; $streak: your best streak
puzzles-standing = Puzzle rating { $rating } · best streak { $streak }
# $date: today
puzzles-daily-new = Today's puzzle ({ $date }) is waiting.
puzzles-daily-solved = Today's puzzle ({ $date }) is solved; a new one comes tomorrow.
puzzles-daily-missed = Today's puzzle ({ $date }) is not solved yet: try it again.
# $rating: your puzzle rating; $change: its change, signed
puzzle-rating = Puzzle rating { $rating } ({ $change })
# $n: puzzles solved in this streak
puzzle-streak-on = Streak: { $n } solved in a row
# $n: puzzles solved in the streak that ended; $best: the best streak
puzzle-streak-over = Streak over after { $n } solved · best { $best }
item-older-games = Older games
item-newer-games = Newer games

## What a screen reader is told (the board, moves, the position)
# $cell a cell (d5); $stone a stone in words; $to a list of landings; $from a cell
say-none = none
# $first the items but the last, joined by commas; $last the last item
say-list = { $first } and { $last }
say-your-stone = your stone
say-stone = { $side ->
    [black] black stone
   *[white] white stone
}
say-cell-empty = { $cell }, empty
say-cell-landing = { $cell }, empty, { $from } can land here
say-cell-stone = { $cell }, { $stone }
say-cell-can-jump = { $cell }, { $stone }, can jump to { $to }
say-cell-selected = { $cell }, { $stone }, picked up, can jump to { $to }
say-cell-no-jump = { $cell }, { $stone }, no jump
say-cell-removable = { $cell }, { $stone }, can be removed
# $who a side's name; $taken the captured cells
say-jumped = { $who } jumped { $from } to { $to }, took { $taken }
say-removed = { $who } removed { $cell }
# $status the status line; $count the number of legal moves; $moves them in notation
say-position = Black { $black } stones, White { $white } stones. { $status }. { $count ->
    [0] No moves.
    [one] One move: { $moves }.
   *[other] { $count } moves: { $moves }.
}
say-board = Board
say-announcements = Announcements
move-entry-label = Type a move
move-entry-hint = A move such as c3-c5, then Enter (Esc closes)
# $text what was typed
move-entry-bad = “{ $text }” is not a move here: type a cup (d5) or from-to (c3-c5)
say-to-move = { $side ->
    [black] Black
   *[white] White
} to move
say-won = { $side ->
    [black] Black
   *[white] White
} won
access-step-down = previous
access-step-up = next

## Accessibility: the settings and the page that says what the game does
item-access = Accessibility…
item-reduced-motion = Reduced motion: { $value }
item-confirm-moves = Confirm each move: { $value }
item-thinking-pause = The computer pauses to think: { $value }
item-coach = Coach: { $value }
coach-mode-auto = against Beginner and Easy
coach-mode-on = always
coach-mode-off = off
# The coach's advice after a mistake ($words: one of the lines below; $better: a move)
coach-line = Coach: { $words }
coach-threw-win = { $better } wins — that gave a won game away.
# $side: the opponent's colour; $hops: stones jumped; $from: a cell
coach-multi-jump = { $better } was better — that lets { $side } jump { $hops } stones from { $from }.
coach-few-moves = { $better } was better — after { $side }'s answer you would have only { $left } { $left ->
    [one] move
   *[other] moves
} left.
coach-mobility = { $better } was better — that leaves you { $yours } moves against { $theirs } for { $side }.
item-access-guide = What the game does for accessibility
access-title = Accessibility
access-hint = Reduced motion shows moves at once, without shakes, bursts, glows or fades. Confirm each move: a tapped landing is only proposed; tap it again (or Enter) to play.
access-guide-title = Accessibility
access-guide-intro = Kōnane can be played with a screen reader, with only a keyboard or only a gamepad, with large text and high contrast, without sound and without motion. Nothing in the game is timed against you.
access-guide-reader-head = Screen reader
access-guide-reader = With a screen reader such as Orca, every button is read by its name and value, and the reader follows the focus of menus and of the board. On the board, the cup under the cursor is read: what lies on it and where it can jump. Moves, captures, refusals, whose turn it is and the result are announced. I reads the whole position with every legal move; T opens a field where you type a move such as c3-c5 and press Enter.
access-guide-input-head = Keys and gamepad
access-guide-input = Everything can be done with the keyboard alone (arrows or WASD, Enter, Esc) or with a gamepad alone (d-pad or stick, A, B, Start). Every command can be given other keys or pad buttons under Controls…, and the prompts name the ones you chose. A stone can be moved by clicking, by dragging, by the cursor or by typing its move.
access-guide-seeing-head = Seeing
access-guide-seeing = Interface size enlarges all text and buttons up to 200 %. The High contrast theme draws black and white stones on a plain board with strong marks. Marks differ in shape as well as colour: the selected stone has a ring, landings a dot, the hint a diamond, the last move corner brackets, the cursor a square frame and a refused cup a cross.
access-guide-hearing-head = Hearing
access-guide-hearing = Every sound has a sight to go with it: a capture moves the stone to its tray, a refusal is said in words on the bar with a cross on the board, your turn and the result are written on the bar. Effects and ambience have their own volumes, and M turns all sound off.
access-guide-motion-head = Motion and time
access-guide-motion = Reduced motion shows every move at once and turns off shakes, bursts, bounces, the winner's glow wave, fades and the game behind the title. Nothing flashes. The computer waits for you as long as you like; Confirm each move guards against a slip of the hand.
say-proposed = { $move }: tap { $cell } again (or press Enter) to play it
say-hint = Hint: { $move }

## The Controls screen: every command's keys and pad buttons, to rebind
item-controls = Controls…
# $command a command's name; $keys its keys (or pad buttons)
item-bind = { $command }: { $keys }
item-reset-controls = Reset to defaults
controls-none = nothing
controls-title = Controls
controls-hint = Choose a command, then press its new key or pad button. Reset to defaults puts every one back.
controls-press = Press the new key or pad button for { $command } (Esc: keep it as it is)
# $key the key or button pressed
controls-taken = { $key } is already { $command }: press another
command-up = Up
command-down = Down
command-left = Left
command-right = Right
command-confirm = Choose
command-cancel = Back
command-undo = Undo
command-redo = Redo
command-pause = Pause menu
command-mute = Sound off/on
command-delete = Delete a saved game
command-describe = Read the position
command-type-move = Type a move
command-hint = Hint
command-moves = Move list

# What a named opponent says ($name: its name; $words: one of the lines below)
quip-line = { $name }: “{ $words }”
quip-keala-great = That one felt good — your turn to answer!
quip-keala-blunder = Careful — that opens a door for me.
quip-keala-win = Close game! Want another?
quip-keala-loss = Well played — you earned that one.
quip-lani-great = A move for a move.
quip-lani-blunder = The board is out of balance now.
quip-lani-win = Everything in its place.
quip-lani-loss = Beautifully done. The board is yours.
quip-pua-great = Ha! Got them!
quip-pua-blunder = Ooh, thank you!
quip-pua-win = Too fast for you today!
quip-pua-loss = You caught me rushing.
quip-kekoa-great = Over and over — that's how I like it!
quip-kekoa-blunder = You left me a double — I'm jumping!
quip-kekoa-win = Leap after leap!
quip-kekoa-loss = You grounded me. Well played.
quip-makana-great = Patience pays.
quip-makana-blunder = There goes one of your moves.
quip-makana-win = You ran out before I did.
quip-makana-loss = You outwaited me. Rare.
