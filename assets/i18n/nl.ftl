# Kōnane — de speltekst in het Nederlands.
# Dezelfde berichtsleutels als en.ftl; $side, $colour en $own zijn "black" of "white".

## Kleuren en spelers

side-black = Zwart
side-white = Wit
player-you = Jij
player-computer = De computer
player-side-computer = { $side ->
    [black] Zwart (computer)
   *[white] Wit (computer)
}
score-you = Jij
score-computer = Computer
value-on = aan
value-off = uit

## Niveaus en borden

level-beginner = Beginner
level-easy = Makkelijk
level-medium = Gemiddeld
level-hard = Moeilijk
level-strong = Sterk
level-expert = Expert
level-beginner-about = om de regels te leren: kijkt één zet vooruit, vaak slordig
level-easy-about = kijkt twee zetten vooruit, vergist zich soms
level-medium-about = kijkt vier zetten vooruit, vergist zich zelden
level-hard-about = rekent echt door: een sterke tegenstander
level-strong-about = de zoektocht van Expert met veel minder tijd: een zware tegenstander
level-expert-about = op volle kracht: diep rekenen en een exacte eindspeloplosser
theme-lava = Lavasteen
theme-wood = Monkeypodhout
theme-contrast = Hoog contrast

## De statusregel boven het bord

status-you-resigned = Je hebt opgegeven
status-computer-resigned = De computer geeft op — jij wint
status-side-resigned = { $side ->
    [black] Zwart geeft op — Wit wint
   *[white] Wit geeft op — Zwart wint
}
status-moving-you = Je steen springt…
status-moving = { $who } is aan zet…
status-you-win = Jij wint — de computer kan niet meer springen
status-you-lose = Je verliest — je kunt niet meer springen
status-side-wins = { $side ->
    [black] Zwart wint — Wit kan niet meer springen
   *[white] Wit wint — Zwart kan niet meer springen
}
status-computer-thinking = De computer denkt na…
# $name: a named opponent (Keala, Lani, …)
status-persona-resigned = { $name } geeft op — jij wint
status-persona-no-move = Jij wint — { $name } kan niet meer springen
status-persona-thinking = { $name } denkt na…
score-persona-level = { $name } ({ $level })
status-side-thinking = { $side ->
    [black] Zwart (computer) denkt na…
   *[white] Wit (computer) denkt na…
}
status-your-first-removal = Jij begint — haal een steen weg uit het midden of een hoek
status-black-removes = Zwart haalt een steen weg uit het midden of een hoek
status-your-second-removal = Jouw beurt — haal een steen weg naast het gat
status-white-removes = Wit haalt een steen weg naast het gat
status-your-jump = { $colour ->
    [black] Jouw beurt — spring met een zwarte steen
   *[white] Jouw beurt — spring met een witte steen
}
status-side-jumps = { $side ->
    [black] Zwart is aan zet — spring met een zwarte steen
   *[white] Wit is aan zet — spring met een witte steen
}
status-lesson-reading = Les { $n } van { $total }
status-lesson = Les { $n } van { $total }: { $text }

## Meldingen onder de statusregel

notice-played = { $who } speelde { $move }
hint-looking = Even zoeken naar een goede zet…
hint-good-move = Goede zet: { $move } — { $standing }
hint-winning = je staat voor
hint-puzzle-nudge = Tip 1 van 3: de winnende zet slaat { $n ->
    [one] één steen
   *[other] { $n } stenen
}. Druk nog eens op Tip voor meer.
hint-puzzle-stone = Tip 2 van 3: de winnende zet begint op { $cell }.
hint-puzzle-move = Tip 3 van 3: { $move } wint. Opgelost met deze tip verandert je puzzelrating niet.
hint-behind = je staat achter
hint-even = het staat gelijk
hint-proven-win-in = bewezen: je wint in hoogstens { $n ->
    [one] één zet
   *[other] { $n } zetten
}
hint-proven-win = bewezen: je wint
hint-proven-loss-in = bewezen: je verliest binnen { $n ->
    [one] één zet
   *[other] { $n } zetten
}
hint-proven-loss = bewezen: bij goed spel verlies je
hint-detail-score = Beoordeling van de computer: { $score } (positief: goed voor jou)
hint-detail-proven = Bewezen door de exacte oplosser
hint-detail-proven-plies = Bewezen door de exacte oplosser ({ $plies ->
    [one] 1 halve zet
   *[other] { $plies } halve zetten
})

## Waarom een klik niets deed

refuse-wait = Wacht even — de computer denkt na
refuse-enemy-stone = { $colour ->
    [black] { $cell } is een zwarte steen — jij speelt met wit
   *[white] { $cell } is een witte steen — jij speelt met zwart
}
refuse-cannot-jump = { $cell } kan niet springen — er ligt geen tegenstander naast met een leeg kuiltje erachter
refuse-pick-own = { $own ->
    [black] Pak eerst een van je zwarte stenen
   *[white] Pak eerst een van je witte stenen
}
refuse-already-empty = { $cell } is al leeg
refuse-remove-enemy = { $colour ->
    [black] { $cell } is een zwarte steen — neem een witte
   *[white] { $cell } is een witte steen — neem een zwarte
}
refuse-not-centre-corner = { $cell } ligt niet in het midden of in een hoek — kies een omcirkelde steen
refuse-not-next-to-hole = { $cell } ligt niet naast het gat — kies een omcirkelde steen
refuse-cannot-land = Daar kan hij niet landen — een sprong gaat over één tegenstander in een leeg kuiltje
refuse-illegal = { $move } is hier geen geldige zet
refuse-already-over = Het spel is al afgelopen
refuse-over = Het spel is afgelopen
refuse-nothing-to-undo = Er is niets terug te nemen
refuse-undo-unrates = Een zet terugnemen laat deze partij niet meetellen voor je rating. Druk nog eens op Terugnemen om het toch te doen.
hud-undo-unrates = Een zet terugnemen laat deze partij niet meetellen voor je rating.
refuse-nothing-to-redo = Er is niets opnieuw te doen

## De balk boven het bord

hud-undo = Terugnemen
hud-undo-keys = { $keys } · controller { $pad }
hud-redo = Opnieuw
hud-redo-keys = { $keys } · controller { $pad }
hud-hint = Tip
hud-menu = Menu
hud-menu-keys = { $keys } · controller { $pad }
hud-moves = Zetlijst
hud-moves-tip = De lijst met zetten; klik op een zet om hem te bekijken
hud-score = Zet { $n } · partijen: { $left } { $b } – { $w } { $right }
hud-score-short = Zet { $n } · partijen { $b }–{ $w }
hud-back-to-game = Terug naar het spel
hud-back-keys = { $keys } · controller { $pad }
review-start = Het begin, vóór zet 1 van { $total } · links/rechts bladert
review-after = Na zet { $k } van { $total } · links/rechts bladert
moves-title = Zetten

## Het titelscherm

title-play = Spelen
title-play-caption = tegen de computer · { $level } · jij speelt { $side }
title-continue-caption = je onafgemaakte spel, waar je het liet
title-tile-learn = Leren
title-tile-puzzles = Puzzels
title-tile-online = Online
title-subtitle = Het Hawaïaanse springspel met stenen
title-new-player = Nieuw in Kōnane? Kies Leren: acht korte lessen.
title-graduated = Goed gedaan: je kent Kōnane nu! Druk op Spelen voor je eerste partij.
title-unreadable = Het onafgemaakte spel kon niet worden gelezen (het bestand blijft bewaard): { $why }
controls-mouse = Muis: klik op een steen en dan op waar hij landt (of sleep hem).
controls-keys = Toetsen: { $move }, { $choose } kiezen, { $back } terug; { $undo } terugnemen, { $mute } geluid, { $delete } wist een opgeslagen spel.
controls-pad = Controller: { $move } of de stick, { $choose } kiezen, { $back } terug, { $undo }/{ $redo } terugnemen/opnieuw, { $delete } wissen, { $pause } menu.

## Menuknoppen

item-continue = Verder spelen
item-play-computer = Tegen de computer · { $level }
item-your-colour = Jij speelt: { $side }
item-opponent = Tegenstander: { $name }
item-play-persona = Speel tegen { $name } · { $level }
level-adapts = past zich aan jou aan
opponent-computer = de computer
opponent-computer-line = speelt op zijn niveau, meer niet
opponent-computer-title = De computer
persona-range = Speelt van { $from } tot { $to }
persona-keala-line = een vriendelijke rivaal die elk spel spannend houdt
persona-lani-line = spiegelt het bord, rustig en netjes
persona-pua-line = speelt snel en los, altijd in de aanval
persona-kekoa-line = pakt elke meervoudige sprong die hij ziet
persona-makana-line = spaart haar zetten en wacht tot de jouwe op zijn
item-two-players = Met z'n tweeën
item-watch = Computer tegen computer
item-custom = Eigen spel…
item-load = Spel laden…
item-how-to-play = Spelregels
item-tutorial = Leren spelen…
item-try-lesson = Probeer het
item-next-lesson = Volgende les
item-finish-tutorial = Lessen afronden
item-show-lesson = Les opnieuw tonen
item-leave-tutorial = Stoppen met de lessen
item-quit = Afsluiten
item-settings = Instellingen
item-volume = Volume effecten: { $percent } %
item-sound = Geluid: { $value } ({ $key })
item-ambience = Golven en wind: { $percent } %
item-ambience-off = Golven en wind: uit
item-music = Muziek: { $percent } %
item-music-off = Muziek: uit
item-music-background = Muziek op de achtergrond: { $value }
item-theme = Bord: { $theme }
item-speed = Animatiesnelheid: { $speed }×
item-speed-instant = Animatiesnelheid: direct
item-movable = Toon stenen die kunnen springen: { $value }
item-coordinates = Coördinaten: { $value }
item-fullscreen = Volledig scherm: { $value }
item-ui-scale = Grootte van de knoppen: { $percent } %
item-language = Taal: { $language }
item-back = Terug
item-preset = Bord: { $rows } × { $cols }
item-rows = Rijen: { $rows }
item-columns = Kolommen: { $cols }
item-black-player = Zwart: { $who }
item-white-player = Wit: { $who }
controller-person = Speler
controller-computer = Computer — { $level }
item-swap = Kleuren wisselen
item-start = Spel starten
item-saved-game = Opgeslagen spel { $n }
item-delete = Wissen
item-paste = Partij plakken van het klembord
item-resume = Verder
item-restart = Opnieuw beginnen
item-save = Partij opslaan
item-copy = Partij kopiëren
item-resign = Opgeven
item-to-title = Naar het titelscherm
item-rematch = Nog een keer
item-rematch-swapped = Nog een keer, kleuren gewisseld
item-review = Partij nakijken
item-look = Bord bekijken
item-yes = Ja
item-no = Nee

## Vragen voordat er iets verloren gaat

question-restart = Opnieuw beginnen? Dit spel gaat verloren.
question-resign = Dit spel opgeven?
question-new-game = Een nieuw spel beginnen? Het onafgemaakte spel gaat verloren.
question-leave = Dit spel verlaten? Het gaat verloren.
question-delete-save = Dit opgeslagen spel wissen?
question-open-game = Dit spel openen? Het onafgemaakte spel gaat verloren.

## Menu's over het bord

menu-paused = Pauze
menu-settings = Instellingen
settings-hint = Met links en rechts verander je een waarde.
setup-title = Eigen spel
setup-hint = Met links en rechts verander je een waarde; je keuze wordt onthouden.
setup-player = { $side }: { $level } — { $about }
load-title = Opgeslagen spellen
load-empty = Nog geen opgeslagen spellen: sla er een op via het pauzemenu.
load-hint = A of Enter opent een spel; X of Delete wist het.
rules-title = Spelregels
lesson-well-done = Goed gedaan. { $done }
lesson-your-move = Jouw zet: { $task }.
over-you-win = Je hebt gewonnen!
over-you-lose = Je hebt verloren
over-side-wins = { $side ->
    [black] Zwart wint
   *[white] Wit wint
}
over-resigned = { $who } gaf op.
over-you-resigned = Je hebt opgegeven.
over-no-jump = { $who } kan niet meer springen (de stenen zijn gemarkeerd).
over-you-no-jump = Je kunt niet meer springen (je stenen zijn gemarkeerd).
over-summary = { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
} · Zwart sloeg { $black ->
    [one] 1 steen
   *[other] { $black } stenen
}, Wit sloeg { $white ->
    [one] 1 steen
   *[other] { $white } stenen
}

## Opgeslagen spellen

save-what = { $rows }×{ $cols } · { $black } tegen { $white }
save-person = Speler
save-computer = Computer ({ $level })
save-when = { $date } · { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
} · { $result }
result-won = { $winner ->
    [black] Zwart won
   *[white] Wit won
}
result-won-resigned = { $winner ->
    [black] Zwart won (Wit gaf op)
   *[white] Wit won (Zwart gaf op)
}
result-unfinished = onafgemaakt
save-unreadable = { $name } kan niet worden gelezen
load-cannot-open = Dit spel kan niet worden geopend: { $why }
load-paste-unreadable = De geplakte partij kan niet worden gelezen: { $why }
load-paste-too-big = Het klembord bevat { $bytes } bytes; een partij is hoogstens { $max } bytes.
load-deleted = Gewist.
load-not-deleted = { $path } is niet gewist: { $why }
load-no-saves-here = Deze sessie bewaart geen spellen.
notice-copied = Partij gekopieerd naar het klembord
notice-not-copied = Niet gekopieerd: { $why }
notice-no-save-dir = Niet opgeslagen: deze sessie bewaart geen spellen (start met --data-dir)
notice-saved = Opgeslagen — op het titelscherm: Meer manieren om te spelen, dan Spel laden ({ $date })
notice-not-saved = Niet opgeslagen in { $path }: { $why }

## De spelregels op één bladzijde

rules-board-head = Het bord
rules-board = Stenen vullen elk kuiltje in een schaakbordpatroon: zwart basalt en wit koraal. Zwart begint.
rules-opening-head = De opening
rules-opening = Zwart neemt een eigen steen van het bord, uit het midden of uit een hoek. Daarna neemt Wit een eigen steen uit een kuiltje direct naast dat gat.
rules-jump-head = Springen
rules-jump = Vanaf dan is elke zet een sprong: een steen springt recht (niet schuin) over een steen van de tegenstander die ernaast ligt, in het lege kuiltje erachter, en slaat die steen.
rules-again-head = Verder springen
rules-again = Dezelfde steen mag in dezelfde richting verder springen, telkens over één steen van de tegenstander in één leeg kuiltje. Je mag na elke sprong stoppen: doorspringen hoeft nooit.
rules-end-head = Het einde
rules-end = Wie aan de beurt is en niet kan springen, verliest. Passen bestaat niet, gelijkspel ook niet.
rules-tips-head = Tips
rules-tips = Bewaar zetten voor jezelf en pak die van je tegenstander af; tel aan het eind hoeveel sprongen elke speler nog heeft.
rules-diagram-before = Voor
rules-diagram-after = Na

## De lessen

lesson-board-title = Het bord en de stenen
lesson-board-text = Kōnane speel je op een papamū, een bord vol kuiltjes. Zwarte stenen van basalt en witte van koraal (ʻiliʻili) vullen elk kuiltje in een schaakbordpatroon. Zwart begint. De lichtblauwe ringen tonen welke stenen er als eerste af mogen; later tonen vage ringen de stenen die kunnen springen.
lesson-open-title = Zwart opent
lesson-open-text = Het spel begint met een gat. Zwart neemt een eigen steen van het bord: één uit het midden of uit een hoek. De stenen die mogen, zijn omcirkeld.
lesson-open-task = neem een zwarte steen uit het midden of een hoek
lesson-open-done = Nu ligt er een gat; Wit is aan zet.
lesson-answer-title = Wit antwoordt
lesson-answer-text = Wit neemt daarna een eigen steen uit een kuiltje direct naast dat gat: erboven, eronder, links of rechts. Hier speel jij Wit.
lesson-answer-task = neem een witte steen naast het gat
lesson-answer-done = Vanaf nu is elke zet een sprong.
lesson-capture-title = Springen is slaan
lesson-capture-text = Een steen springt over een steen van de tegenstander die er direct naast ligt, recht (nooit schuin), in het lege kuiltje erachter. De overgesprongen steen is geslagen.
lesson-capture-task = spring met de zwarte steen die kan slaan
lesson-capture-done = Geslagen! Alleen de steen op b4 kon springen: naast e4 ligt geen tegenstander met een leeg kuiltje erachter.
lesson-double-title = Verder springen
lesson-double-text = Na een sprong mag dezelfde steen verder springen, in dezelfde rechte lijn: telkens over één steen in één leeg kuiltje.
lesson-double-task = sla beide witte stenen in één zet
lesson-double-done = Twee stenen in één zet.
lesson-double-wrong = Bijna: spring door. Dezelfde steen kan ook over d4, naar e4.
lesson-stop-title = Op tijd stoppen
lesson-stop-text = Je mag na elke sprong stoppen: doorspringen hoeft nooit. En je kunt alleen bewegen door te springen, dus een steen die niet kan springen, staat stil.
lesson-stop-task = spring één keer en stop op c4
lesson-stop-done = Een kortere sprong is een andere zet: soms is die juist beter.
lesson-stop-wrong = Stop deze keer na de eerste sprong, op c4.
lesson-end-title = Hoe het spel eindigt
lesson-end-text = Wie aan de beurt is en niet kan springen, verliest. Passen bestaat niet, gelijkspel ook niet.
lesson-end-task = speel de zet waarna Wit niet meer kan springen
lesson-end-done = Wit kan niet meer springen: Zwart wint.
lesson-end-wrong = Na die zet kan Wit nog springen. Zoek de zet waarna Wit vastzit.
lesson-tips-title = Goed spelen
lesson-tips-text = Bewaar zetten voor jezelf en pak die van je tegenstander af: een steen die kan springen is goud waard. Tel aan het eind hoeveel sprongen elke speler nog heeft, en zorg dat jij de laatste maakt.

## Tekst zoals hij is

plain = { $text }

## Puzzels

item-puzzles = Puzzels
item-puzzle-grade = { $grade ->
    [short] Winst in 1–3 zetten
    [middle] Winst in 4–7 zetten
   *[long] Winst in 8 zetten of meer
} · { $solved }/{ $total } opgelost
item-next-puzzle = Volgende puzzel
item-retry-puzzle = Opnieuw proberen
item-leave-puzzle = Terug naar de puzzels
puzzles-title = Puzzels
puzzles-hint = Elke puzzel is een bewezen winst voor wie aan zet is. Elke zet die de winst houdt, telt; de computer verdedigt zo lang hij kan.
# $n, $total: the puzzle's place in its grade
puzzle-title-book = Puzzel { $n }/{ $total }
puzzle-title-daily = Dagpuzzel
# $n: the puzzle's place in the streak
puzzle-title-streak = Reeks, puzzel { $n }
puzzle-status = { $side ->
    [black] { $title }: Zwart speelt en wint in { $moves ->
        [one] één zet
       *[other] { $moves } zetten
    }
   *[white] { $title }: Wit speelt en wint in { $moves ->
        [one] één zet
       *[other] { $moves } zetten
    }
}
puzzle-solved-status = Opgelost — de tegenstander kan niet meer springen
puzzle-failed-status = { $played } verliest: { $answer } wint voor de tegenstander
puzzle-solved = Opgelost!
puzzle-solved-text = { $moves ->
    [one] Een gedwongen winst in één zet.
   *[other] Een gedwongen winst in { $moves } zetten: de verdediging hield zo lang mogelijk stand.
}
puzzle-failed = Die zet verliest
puzzle-failed-text = { $side ->
    [black] Na { $played } antwoordt Zwart met { $answer } en wint bij goed spel. Probeer het opnieuw, of vraag eerst een tip.
   *[white] Na { $played } antwoordt Wit met { $answer } en wint bij goed spel. Probeer het opnieuw, of vraag eerst een tip.
}

## De analyse van een partij

analysis-working = De partij wordt geanalyseerd… { $done }/{ $total }
analysis-proven = { $side ->
    [black] Bewezen na zet { $n }: Zwart wint
   *[white] Bewezen na zet { $n }: Wit wint
}
analysis-threw = Zet { $n }, { $played }, gaf een bewezen winst weg; { $best } hield hem vast
analysis-blunder = Zet { $n }, { $played }, was een blunder; { $best } was beter

# Sessie 9: één titelniveau, lessenlijst, stand per niveau, profiel- en opslagmeldingen.
hud-move = Zet { $n }
score-computer-level = Computer ({ $level })
notice-autosave-failed = Je onafgemaakte spel kon niet worden bewaard in { $path }: { $why }
title-profile-in-use = Kōnane is ook in een ander venster open: spellen hier worden niet bewaard om verder te spelen (gebruik Spel opslaan).
item-more-games = Nieuw spel…
item-more-actions = Meer…
item-lesson = { $n }. { $title }{ $mark }
lesson-mark-passed = { " · klaar" }
lesson-mark-open = { "" }
more-games-title = Nieuw spel
more-games-hint = Tegen de computer op het niveau dat je kiest, met z'n tweeën aan dit scherm, de computer tegen zichzelf, een eigen bord of een opgeslagen spel.
lessons-title = Leren spelen
lessons-hint = Acht korte lessen, { $passed } van { $total } klaar. Begin bij elke les die je wilt.
status-you-played = Je speelde { $move }
notice-you-play = Jij speelt { $side }
status-played = { $who } speelde { $move }
notice-muted = Geluid uit: { $key } zet het weer aan
notice-unmuted = Geluid aan
hud-muted = Geluid uit ({ $key })
analysis-proven-thrown = { $side ->
    [black] Zwart had na zet { $n } een gedwongen winst; { $winner ->
        [black] Zwart
       *[white] Wit
    } won na de fout van Zwart in zet { $m }
   *[white] Wit had na zet { $n } een gedwongen winst; { $winner ->
        [black] Zwart
       *[white] Wit
    } won na de fout van Wit in zet { $m }
}
load-hint-keys = { $open } opent een spel; { $delete } verwijdert het.
load-hint-pad = { $open } opent een spel; { $delete } verwijdert het.
load-hint-pointer = Klik op een spel om het te openen; de knop Wissen wist het.
card-took = nam { $n }
card-name-level = { $name } · { $level }
tray-took = { $who } nam { $n }
item-take-back = Laatste zet terugnemen
item-take-back-resignation = Opgeven terugnemen

## Online tegen een vriend

player-friend = Je vriend
controller-friend = Vriend online
save-friend = Vriend (online)
status-friend-resigned = Je vriend heeft opgegeven — jij wint
status-you-win-online = Jij wint — je vriend kan niet meer zetten
status-friend-thinking = Je vriend is aan zet…
item-online = Online tegen een vriend…
item-host = Een spel openen
item-join = Meedoen met een code
item-watch-online = Kijken met een code
item-start-hosting = Spel openen
item-code = Code: { $code }
item-join-now = Meedoen
item-watch-now = Kijken
item-copy-code = Code kopiëren
item-watchers = Toeschouwers: { $value }
watchers-anyone = iedereen met de code
watchers-private = alleen met kijkcode
question-allow-undo = Je vriend wil de laatste zet terugnemen. Goed?
online-title = Online tegen een vriend
online-hint = Open een spel en geef je vriend de code, of doe mee met de code die je vriend je geeft. Op hetzelfde netwerk hoef je niets in te stellen.
online-host-title = Een spel openen
online-host-here = Deze computer houdt het spel bij; vrienden op dit netwerk doen mee met de code.
online-host-server = Het spel wordt bijgehouden op { $server }.
online-join-title = Meedoen met een vriend
online-watch-title = Een spel bekijken
online-code-entry = Typ de code van je vriend (Ctrl+V plakt hem) en druk op Enter.
online-code-entry-pad = Links en rechts veranderen een teken, A neemt het en begint het volgende.
online-code-title = Je code: { $code }
online-code-hint = Geef je vriend deze code: die kiest Online tegen een vriend en dan Meedoen met een code.
online-lan-address = Vanaf een ander netwerk is ook dit adres nodig: { $address }
online-watch-code = Kijkcode, voor wie je laat kijken: { $code }
online-line-plain = De verbinding is niet versleuteld: speel zo alleen op een netwerk dat je vertrouwt.
online-line-encrypted = De verbinding is versleuteld (TLS) en het certificaat van de server is gecontroleerd.
online-line-pinned = De verbinding is versleuteld; het certificaat van de server is het vastgezette: { $fingerprint }
online-refused = Online: { $why }
link-connecting = Verbinden…
link-reconnecting = De verbinding is weg — opnieuw verbinden (poging { $n })…
link-unreachable = De server is niet bereikbaar ({ $why }) — we blijven proberen…
link-replaced = Dit spel gaat verder in een ander venster of op een andere computer, die je plaats heeft overgenomen: hier is het gestopt
link-abandoned = Het spel is gestaakt: een speler bleef te lang weg

## Klokken en eerlijke einden online
item-clock = Klok: { $value }
clock-untimed = geen
clock-real = { $minutes } min + { $increment } s
clock-days = { $days ->
    [one] één dag per zet
   *[other] { $days } dagen per zet
}
item-claim-win = Winst opeisen
item-abort-game = Spel afbreken
online-aborted = Het spel is afgebroken voor de eerste zetten: het telt voor niemand
online-won-on-time = Je wint op tijd — de klok van je vriend is op
online-lost-on-time = Je verliest op tijd — je klok is op
online-you-claimed = Je wint — je vriend bleef te lang weg
online-friend-claimed = Je verliest — je bleef te lang weg en je vriend eiste het spel op
online-side-lost-on-time = { $side ->
    [black] Zwart verliest op tijd — Wit wint
   *[white] Wit verliest op tijd — Zwart wint
}
online-side-claimed = { $side ->
    [black] Zwart wint — Wit bleef te lang weg
   *[white] Wit wint — Zwart bleef te lang weg
}
online-claim-soon = Je vriend is weg: je kunt over { $seconds } s de winst opeisen, of blijven wachten
online-claim-open = Je vriend is te lang weg: eis de winst op via het menu, of blijf wachten
link-watching = Je kijkt naar spel { $code }
link-waiting-friend = Wachten tot je vriend meedoet — code { $code }
link-friend-away = Je vriend is weg — het spel blijft { $minutes } minuten bewaard
notice-rematch-asked = Je vriend gevraagd om nog een spel
notice-code-copied = Code gekopieerd
notice-code-incomplete = Een code heeft tien letters en cijfers
notice-friend-joined = Je vriend doet mee
notice-friend-back = Je vriend is terug
notice-undo-asked = Je vriend gevraagd je zet terug te nemen
notice-undo-declined = Je vriend wil de zet niet terugnemen
notice-friend-rematch = Je vriend wil nog een spel: kies Nog een keer om te spelen

## Over

item-about = Over Kōnane
about-title = Over Kōnane
about-hint = Met omhoog en omlaag scroll je door de pagina.
about-version = Kōnane { $version }, gebouwd op { $date }.
about-licence-head = Licentie
about-licence = Vrije software: je mag het gebruiken, kopiëren, veranderen en delen onder de MIT-licentie of de Apache License 2.0, naar keuze. Beide teksten worden met het spel meegeleverd.
about-credits-head = Makers
about-credits = Gemaakt door de ontwikkelaars van Kōnane. Kōnane zelf is een oud Hawaïaans spel; de regels hier volgen hoe het nu meestal gespeeld wordt. Het bord, de stenen, de pictogrammen, de muziek en de geluiden maakt het spel zelf terwijl het draait. De tekst staat in Noto Sans en Noto Serif Display (SIL Open Font License), met DejaVu Sans en de lettertypen van egui voor tekens.
about-third-party-head = Gebouwd met
about-third-party = { $count } opensourcecrates, elk onder een eigen licentie (de volledige teksten worden met het spel meegeleverd):

## Scrolling

scroll-more-above = meer hierboven
scroll-more-below = meer hieronder

## Jouw overzicht: rating, statistieken, mijlpalen

over-rating = { $change ->
    [rose] Je rating steeg naar { $rating } ({ $points }): ongeveer { $level }.
    [fell] Je rating daalde naar { $rating } ({ $points }): ongeveer { $level }.
   *[same] Je rating blijft { $rating }: ongeveer { $level }.
}
over-unrated = Zonder rating: er is een zet teruggenomen.
notice-unrated = Deze partij telt niet meer voor je rating: er is een zet teruggenomen.
notice-result-stands = Je overzicht houdt de uitslag van deze partij; wat je nu speelt, wordt niet bewaard.
notice-history-set-aside = Je overzichtsbestand was beschadigd en is opzijgezet; er is een nieuw begonnen.
notice-history-read-only = Je overzicht kan gelezen maar niet geschreven worden: nieuwe partijen worden niet bewaard.
notice-history-unavailable = Je overzicht kan nu niet worden bijgehouden: partijen worden niet bewaard.
title-rating = Je rating { $rating } · een gelijke partij: { $level }
title-rating-new = Je eerste partij met rating: probeer { $level }
item-stats = Jouw overzicht
item-recorded-games = Jouw partijen…
item-recorded = { $date } · { $size } · { $players } · { $result }
stats-title = Jouw overzicht
stats-hint = Partijen tegen de computer op borden vanaf 6×6 tellen voor je rating, tenzij je een zet terugneemt.
stats-no-rating = Nog geen partij met rating: speel tegen de computer op een bord van 6×6 of groter.
stats-tile-rating = Rating
stats-tile-rating-sub = ± { $margin }
stats-tile-games = Partijen
stats-tile-streak = Winst op rij
stats-tile-streak-sub = hoogstens { $best }
stats-tile-best = Beste overwinning
stats-plot = Rating na elke partij met rating
stats-results-head = Uitslagen (gewonnen–verloren; voor twee mensen: gespeeld)
stats-friend = een vriend online
stats-milestones-head = Mijlpalen
stats-progress = { $done }/{ $target }
stats-earned = behaald
recorded-title = Jouw partijen
recorded-hint = Open een partij om er zet voor zet doorheen te gaan.
recorded-empty = Nog geen gespeelde partij.
recorded-won = gewonnen
recorded-lost = verloren
recorded-side-won = { $side } won
recorded-you-v = jij tegen { $who }
recorded-people = twee mensen
milestone-earned = Mijlpaal: { $name }
milestone-first-game = Eerste partij
milestone-first-game-about = Speel een partij uit.
milestone-beat-beginner = Voorbij de beginner
milestone-beat-beginner-about = Win van de computer op Beginner.
milestone-beat-easy = Rustig aan
milestone-beat-easy-about = Win van de computer op Makkelijk.
milestone-beat-medium = Halverwege
milestone-beat-medium-about = Win van de computer op Gemiddeld.
milestone-beat-hard = Zwaar bevochten
milestone-beat-hard-about = Win van de computer op Moeilijk.
milestone-beat-strong = Nog sterker
milestone-beat-strong-about = Win van de computer op Sterk.
milestone-beat-expert = Loea
milestone-beat-expert-about = Win van de computer op Expert.
milestone-triple-jump = Driesprong
milestone-triple-jump-about = Sla drie stenen met één zet.
milestone-win-as-white = Tweede aan zet, eerste binnen
milestone-win-as-white-about = Win een partij met Wit.
milestone-clean-win = Zonder terugnemen
milestone-clean-win-about = Win een partij met rating zonder een zet terug te nemen.
milestone-streak-5 = Vijf op rij
milestone-streak-5-about = Win vijf partijen op rij.
milestone-games-25 = Vaste gast
milestone-games-25-about = Speel 25 partijen uit.
milestone-big-board = Wijde wateren
milestone-big-board-about = Win op een bord van 10×10 of groter.
milestone-first-puzzle = Puzzelaar
milestone-first-puzzle-about = Los een puzzel op.
milestone-daily-10 = Tien puzzeldagen
milestone-daily-10-about = Los tien dagpuzzels op.
milestone-puzzle-streak-5 = Op dreef
milestone-puzzle-streak-5-about = Los vijf puzzels op rij op in een puzzelreeks.
item-daily-puzzle = Dagpuzzel
item-puzzle-streak = Puzzelreeks
item-next-in-streak = Volgende in de reeks
puzzles-standing = Puzzelrating { $rating } · beste reeks { $streak }
puzzles-daily-new = De puzzel van vandaag ({ $date }) wacht op je.
puzzles-daily-solved = De puzzel van vandaag ({ $date }) is opgelost; morgen komt er een nieuwe.
puzzles-daily-missed = De puzzel van vandaag ({ $date }) is nog niet opgelost: probeer het opnieuw.
puzzle-rating = Puzzelrating { $rating } ({ $change })
puzzle-streak-on = Reeks: { $n } op rij opgelost
puzzle-streak-over = Reeks voorbij na { $n } opgelost · beste { $best }
item-older-games = Oudere partijen
item-newer-games = Nieuwere partijen

## Wat een schermlezer hoort (het bord, zetten, de stelling)
say-none = geen
say-list = { $first } en { $last }
say-your-stone = jouw steen
say-stone = { $side ->
    [black] zwarte steen
   *[white] witte steen
}
say-cell-empty = { $cell }, leeg
say-cell-landing = { $cell }, leeg, { $from } kan hier landen
say-cell-stone = { $cell }, { $stone }
say-cell-can-jump = { $cell }, { $stone }, kan springen naar { $to }
say-cell-selected = { $cell }, { $stone }, opgepakt, kan springen naar { $to }
say-cell-no-jump = { $cell }, { $stone }, geen sprong
say-cell-removable = { $cell }, { $stone }, kan worden weggenomen
say-jumped = { $who } sprong van { $from } naar { $to }, sloeg { $taken }
say-removed = { $who } nam { $cell } weg
say-position = Zwart { $black } stenen, Wit { $white } stenen. { $status }. { $count ->
    [0] Geen zetten.
    [one] Eén zet: { $moves }.
   *[other] { $count } zetten: { $moves }.
}
say-board = Bord
say-announcements = Meldingen
move-entry-label = Typ een zet
move-entry-hint = Een zet zoals c3-c5, dan Enter (Esc sluit)
move-entry-bad = “{ $text }” is hier geen zet: typ een kuil (d5) of van-naar (c3-c5)
say-to-move = { $side ->
    [black] Zwart
   *[white] Wit
} is aan zet
say-won = { $side ->
    [black] Zwart
   *[white] Wit
} heeft gewonnen
access-step-down = vorige
access-step-up = volgende

## Toegankelijkheid
item-access = Toegankelijkheid…
item-reduced-motion = Minder beweging: { $value }
item-confirm-moves = Elke zet bevestigen: { $value }
item-thinking-pause = De computer denkt even na: { $value }
item-coach = Coach: { $value }
coach-mode-auto = tegen Beginner en Makkelijk
coach-mode-on = altijd
coach-mode-off = uit
coach-line = Coach: { $words }
coach-threw-win = { $better } wint — daarmee gaf je een gewonnen spel weg.
coach-multi-jump = { $better } was beter — daarmee kan { $side } vanaf { $from } over { $hops } stenen springen.
coach-few-moves = { $better } was beter — na het antwoord van { $side } heb je nog maar { $left } { $left ->
    [one] zet
   *[other] zetten
} over.
coach-mobility = { $better } was beter — daarna heb jij { $yours } zetten tegen { $theirs } voor { $side }.
item-access-guide = Wat het spel doet voor toegankelijkheid
access-title = Toegankelijkheid
access-hint = Minder beweging toont zetten meteen, zonder schudden, scherven, gloed of vervaging. Elke zet bevestigen: een aangetikte landingsplek wordt alleen voorgesteld; tik nog eens (of Enter) om te spelen.
access-guide-title = Toegankelijkheid
access-guide-intro = Kōnane is te spelen met een schermlezer, met alleen een toetsenbord of alleen een gamepad, met grote tekst en hoog contrast, zonder geluid en zonder beweging. Niets in het spel loopt op tijd tegen je.
access-guide-reader-head = Schermlezer
access-guide-reader = Met een schermlezer zoals Orca wordt elke knop voorgelezen met naam en waarde, en volgt de lezer de focus van menu's en van het bord. Op het bord wordt de kuil onder de cursor voorgelezen: wat erop ligt en waarheen hij kan springen. Zetten, slagen, weigeringen, wie aan zet is en de uitslag worden gemeld. I leest de hele stelling voor met elke geldige zet; T opent een veld waarin je een zet typt, zoals c3-c5, en op Enter drukt.
access-guide-input-head = Toetsen en gamepad
access-guide-input = Alles kan met alleen het toetsenbord (pijlen of WASD, Enter, Esc) of alleen een gamepad (d-pad of stick, A, B, Start). Elke opdracht kan andere toetsen of knoppen krijgen onder Besturing…, en de aanwijzingen noemen wat je koos. Een steen verzet je door te klikken, te slepen, met de cursor of door de zet te typen.
access-guide-seeing-head = Zien
access-guide-seeing = Interfacegrootte vergroot alle tekst en knoppen tot 200 %. Het thema Hoog contrast tekent zwarte en witte stenen op een effen bord met sterke markeringen. Markeringen verschillen in vorm en in kleur: de gekozen steen een ring, landingsplekken een stip, de tip een ruit, de laatste zet hoekhaken, de cursor een vierkant kader en een geweigerde kuil een kruis.
access-guide-hearing-head = Horen
access-guide-hearing = Bij elk geluid hoort iets te zien: een geslagen steen gaat naar zijn bak, een weigering staat in woorden op de balk met een kruis op het bord, jouw beurt en de uitslag staan op de balk. Effecten en achtergrond hebben elk hun eigen volume, en M zet alle geluid uit.
access-guide-motion-head = Beweging en tijd
access-guide-motion = Minder beweging toont elke zet meteen en zet schudden, scherven, stuiteren, de gloedgolf van de winnaar, vervagingen en het spel achter het titelscherm uit. Niets knippert. De computer wacht zo lang als je wilt; Elke zet bevestigen beschermt tegen een misgreep.
say-proposed = { $move }: tik nog eens op { $cell } (of druk op Enter) om te spelen
say-hint = Tip: { $move }

## Besturing
item-controls = Besturing…
item-bind = { $command }: { $keys }
item-reset-controls = Standaard herstellen
controls-none = niets
controls-title = Besturing
controls-hint = Kies een opdracht en druk dan op de nieuwe toets of gamepadknop. Standaard herstellen zet alles terug.
controls-press = Druk op de nieuwe toets of gamepadknop voor { $command } (Esc: laten zoals het is)
controls-taken = { $key } is al { $command }: druk op een andere
command-up = Omhoog
command-down = Omlaag
command-left = Links
command-right = Rechts
command-confirm = Kiezen
command-cancel = Terug
command-undo = Ongedaan maken
command-redo = Opnieuw
command-pause = Pauzemenu
command-mute = Geluid uit/aan
command-delete = Opgeslagen spel wissen
command-describe = Stelling voorlezen
command-type-move = Zet typen
command-hint = Tip
command-moves = Zettenlijst


quip-line = { $name }: “{ $words }”
quip-keala-great = Die voelde goed — jij bent!
quip-keala-blunder = Pas op, daar zie ik een opening.
quip-keala-win = Spannend potje! Nog eentje?
quip-keala-loss = Goed gespeeld, die heb je verdiend.
quip-lani-great = Zet om zet.
quip-lani-blunder = Het bord is nu uit balans.
quip-lani-win = Alles op zijn plaats.
quip-lani-loss = Prachtig gedaan. Het bord is van jou.
quip-pua-great = Ha! Hebbes!
quip-pua-blunder = Oeh, dank je!
quip-pua-win = Te snel voor je vandaag!
quip-pua-loss = Je betrapte me op haast.
quip-kekoa-great = Sprong na sprong — zo mag ik het zien!
quip-kekoa-blunder = Je liet een dubbele sprong open — ik spring!
quip-kekoa-win = Hop, hop, gewonnen!
quip-kekoa-loss = Je hield me aan de grond. Goed gespeeld.
quip-makana-great = Geduld loont.
quip-makana-blunder = Daar gaat een van je zetten.
quip-makana-win = Jouw zetten waren eerder op dan de mijne.
quip-makana-loss = Je wachtte langer dan ik. Zeldzaam.
