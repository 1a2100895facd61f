# Kōnane — nā huaʻōlelo ma ka ʻōlelo Hawaiʻi.
# The same message ids as en.ftl; $side, $colour and $own are "black" or "white".

## Nā waihoʻoluʻu a me nā mea pāʻani

side-black = ʻEleʻele
side-white = Keʻokeʻo
player-you = ʻOe
player-computer = Ka lolouila
player-side-computer = { $side ->
    [black] ʻEleʻele (lolouila)
   *[white] Keʻokeʻo (lolouila)
}
score-you = ʻOe
score-computer = Lolouila
value-on = ʻā
value-off = pio

## Nā pae a me nā papamū

level-beginner = Malihini
level-easy = Maʻalahi
level-medium = Waena
level-hard = Paʻakikī
level-strong = Ikaika
level-expert = Loea
level-beginner-about = no ke aʻo ʻana i nā lula: nānā i hoʻokahi neʻe ma mua, hemahema pinepine
level-easy-about = nānā i ʻelua neʻe ma mua, kuhi hewa i kekahi manawa
level-medium-about = nānā i ʻehā neʻe ma mua, kakaʻikahi ka hewa
level-hard-about = noʻonoʻo maoli: he hoa paio ikaika
level-strong-about = ka noʻonoʻo ʻana o ka Loea me ka manawa pōkole: he hoa paio koʻikoʻi
level-expert-about = ikaika loa: noʻonoʻo hohonu, a hoʻoholo pololei i ka hopena
theme-lava = Pōhaku pele
theme-wood = Lāʻau ʻohai
theme-contrast = ʻOkoʻa nui

## Ka laina kūlana ma luna o ka papamū

status-you-resigned = Ua hāʻawi pio ʻoe
status-computer-resigned = Ua hāʻawi pio ka lolouila — lanakila ʻoe
status-side-resigned = { $side ->
    [black] Ua hāʻawi pio ʻo ʻEleʻele — lanakila ʻo Keʻokeʻo
   *[white] Ua hāʻawi pio ʻo Keʻokeʻo — lanakila ʻo ʻEleʻele
}
status-moving-you = Ke lele nei kāu ʻiliʻili…
status-moving = Ke neʻe nei ʻo { $who }…
status-you-win = Lanakila ʻoe — ʻaʻohe neʻe i koe i ka lolouila
status-you-lose = Pio ʻoe — ʻaʻohe neʻe i koe iā ʻoe
status-side-wins = { $side ->
    [black] Lanakila ʻo ʻEleʻele — ʻaʻohe neʻe i koe iā Keʻokeʻo
   *[white] Lanakila ʻo Keʻokeʻo — ʻaʻohe neʻe i koe iā ʻEleʻele
}
status-computer-thinking = Ke noʻonoʻo nei ka lolouila…
# $name: a named opponent (Keala, Lani, …)
status-persona-resigned = Ua hāʻawi pio ʻo { $name } — lanakila ʻoe
status-persona-no-move = Lanakila ʻoe — ʻaʻohe neʻe i koe iā { $name }
status-persona-thinking = Ke noʻonoʻo nei ʻo { $name }…
score-persona-level = { $name } ({ $level })
status-side-thinking = { $side ->
    [black] Ke noʻonoʻo nei ʻo ʻEleʻele (lolouila)…
   *[white] Ke noʻonoʻo nei ʻo Keʻokeʻo (lolouila)…
}
status-your-first-removal = Kou manawa — e lawe i ʻiliʻili mai ke kikowaena a i ʻole ke kihi
status-black-removes = Lawe ʻo ʻEleʻele i ʻiliʻili mai ke kikowaena a i ʻole ke kihi
status-your-second-removal = Kou manawa — e lawe i ʻiliʻili ma ka ʻaoʻao o ka puka
status-white-removes = Lawe ʻo Keʻokeʻo i ʻiliʻili ma ka ʻaoʻao o ka puka
status-your-jump = { $colour ->
    [black] Kou manawa — e lele me kekahi ʻiliʻili ʻeleʻele
   *[white] Kou manawa — e lele me kekahi ʻiliʻili keʻokeʻo
}
status-side-jumps = { $side ->
    [black] Manawa o ʻEleʻele — e lele me kekahi ʻiliʻili ʻeleʻele
   *[white] Manawa o Keʻokeʻo — e lele me kekahi ʻiliʻili keʻokeʻo
}
status-lesson-reading = Haʻawina { $n } o { $total }
status-lesson = Haʻawina { $n } o { $total }: { $text }

## Nā leka hoʻolaha ma lalo o ka laina kūlana

notice-played = { $who }: ua pāʻani ʻia ka { $move }
hint-looking = Ke ʻimi nei i kekahi neʻe maikaʻi…
hint-good-move = Neʻe maikaʻi: { $move } — { $standing }
hint-winning = aia ʻoe ma mua
hint-puzzle-nudge = Kōkua 1 o 3: lawe ka neʻe lanakila i { $n ->
    [one] hoʻokahi pōhaku
   *[other] { $n } pōhaku
}. E kaomi hou i ka Kōkua no ka mea hou aku.
hint-puzzle-stone = Kōkua 2 o 3: hoʻomaka ka neʻe lanakila ma { $cell }.
hint-puzzle-move = Kōkua 3 o 3: lanakila ʻo { $move }. Inā hoʻoponopono ʻia me kēia kōkua, ʻaʻole loli kou helu nane.
hint-behind = aia ʻoe ma hope
hint-even = like ka pāʻani
hint-proven-win-in = ua hōʻoia ʻia: lanakila ʻoe i loko o { $n ->
    [one] hoʻokahi neʻe
   *[other] { $n } neʻe
}
hint-proven-win = ua hōʻoia ʻia: lanakila ʻoe
hint-proven-loss-in = ua hōʻoia ʻia: pio ʻoe i loko o { $n ->
    [one] hoʻokahi neʻe
   *[other] { $n } neʻe
}
hint-proven-loss = ua hōʻoia ʻia: e pio ana ʻoe
hint-detail-score = Ka helu a ka lolouila: { $score } (ʻoi aku ma luna o ka ʻole: maikaʻi nou)
hint-detail-proven = Ua hōʻoia ʻia e ka mea hoʻoholo pololei
hint-detail-proven-plies = Ua hōʻoia ʻia e ka mea hoʻoholo pololei ({ $plies } hapa neʻe)

## Ke kumu i hana ʻole ai ke kaomi

refuse-wait = E kali iki — ke noʻonoʻo nei ka lolouila
refuse-enemy-stone = { $colour ->
    [black] He ʻiliʻili ʻeleʻele ʻo { $cell } — ʻo nā ʻiliʻili keʻokeʻo kou
   *[white] He ʻiliʻili keʻokeʻo ʻo { $cell } — ʻo nā ʻiliʻili ʻeleʻele kou
}
refuse-cannot-jump = ʻAʻole hiki iā { $cell } ke lele — ʻaʻohe hoa paio ma kona ʻaoʻao me ka poho hakahaka ma hope
refuse-pick-own = { $own ->
    [black] E koho mua i kekahi o kāu mau ʻiliʻili ʻeleʻele
   *[white] E koho mua i kekahi o kāu mau ʻiliʻili keʻokeʻo
}
refuse-already-empty = Ua hakahaka ʻo { $cell }
refuse-remove-enemy = { $colour ->
    [black] He ʻiliʻili ʻeleʻele ʻo { $cell } — e lawe i kekahi keʻokeʻo
   *[white] He ʻiliʻili keʻokeʻo ʻo { $cell } — e lawe i kekahi ʻeleʻele
}
refuse-not-centre-corner = ʻAʻole ʻo { $cell } ma ke kikowaena a i ʻole ke kihi — e koho i kekahi ʻiliʻili i pōʻai ʻia
refuse-not-next-to-hole = ʻAʻole ʻo { $cell } ma ka ʻaoʻao o ka puka — e koho i kekahi ʻiliʻili i pōʻai ʻia
refuse-cannot-land = ʻAʻole hiki ke pae ma laila — lele ma luna o hoʻokahi hoa paio i ka poho hakahaka
refuse-illegal = ʻAʻole ʻae ʻia ka neʻe { $move } ma ʻaneʻi
refuse-already-over = Ua pau mua ka pāʻani
refuse-over = Ua pau ka pāʻani
refuse-nothing-to-undo = ʻAʻohe mea e hoʻihoʻi ai
refuse-undo-unrates = Inā e hoʻihoʻi ʻia kekahi neʻe, ʻaʻole e helu ʻia kēia pāʻani. E kaomi hou i ka Hoʻihoʻi e hoʻihoʻi ai.
hud-undo-unrates = Inā e hoʻihoʻi ʻia kekahi neʻe, ʻaʻole e helu ʻia kēia pāʻani.
refuse-nothing-to-redo = ʻAʻohe mea e hana hou ai

## Ka pae pihi ma luna o ka papamū

hud-undo = Hoʻihoʻi
hud-undo-keys = { $keys } · pāʻani lima { $pad }
hud-redo = Hana hou
hud-redo-keys = { $keys } · pāʻani lima { $pad }
hud-hint = Kōkua
hud-menu = Papa koho
hud-menu-keys = { $keys } · pāʻani lima { $pad }
hud-moves = Nā neʻe
hud-moves-tip = Ka papa o nā neʻe; e kaomi i kekahi neʻe e nānā ai
hud-score = Neʻe { $n } · nā pāʻani: { $left } { $b } – { $w } { $right }
hud-score-short = Neʻe { $n } · pāʻani { $b }–{ $w }
hud-back-to-game = Hoʻi i ka pāʻani
hud-back-keys = { $keys } · pāʻani lima { $pad }
review-start = Ka hoʻomaka, ma mua o ka neʻe 1 o { $total } · hema/ʻākau e neʻe ai
review-after = Ma hope o ka neʻe { $k } o { $total } · hema/ʻākau e neʻe ai
moves-title = Nā neʻe

## Ka ʻaoʻao mua

title-play = Pāʻani
title-play-caption = me ka lolouila · { $level } · pāʻani ʻoe iā { $side }
title-continue-caption = kāu pāʻani i pau ʻole, ma kahi āu i waiho ai
title-tile-learn = E aʻo
title-tile-puzzles = Nā nane
title-tile-online = Pūnaewele
title-subtitle = Ka pāʻani lele ʻiliʻili o Hawaiʻi
title-new-player = He malihini ʻoe? E koho iā E aʻo: ʻewalu haʻawina.
title-graduated = Maikaʻi! Ua aʻo ʻoe i ke kōnane. E kaomi iā Pāʻani no kāu pāʻani mua.
title-unreadable = ʻAʻole i heluhelu ʻia ka pāʻani i pau ʻole (ua mālama ʻia ka waihona): { $why }
controls-mouse = ʻIole: e kaomi i ka ʻiliʻili, a laila i kahi e pae ai (a i ʻole e kauō).
controls-keys = Pihi: { $move }, { $choose } koho, { $back } hoʻi; { $undo } hoʻihoʻi, { $mute } kani, { $delete } holoi i ka pāʻani i mālama ʻia.
controls-pad = Pāʻani lima: { $move } a i ʻole ka lāʻau, { $choose } koho, { $back } hoʻi, { $undo }/{ $redo } hoʻihoʻi/hana hou, { $delete } holoi, { $pause } papa koho.

## Nā pihi papa koho

item-continue = Hoʻomau
item-play-computer = Me ka lolouila · { $level }
item-your-colour = Kou waihoʻoluʻu: { $side }
item-opponent = Hoa paio: { $name }
item-play-persona = Pāʻani me { $name } · { $level }
level-adapts = pili i kou ikaika
opponent-computer = ka kamepiula
opponent-computer-line = pāʻani ma kona pae wale nō
opponent-computer-title = Ka kamepiula
persona-range = Pāʻani mai { $from } a i { $to }
persona-keala-line = he hoa hoʻokūkū aloha, kokoke mau ka pāʻani
persona-lani-line = hoʻohālike ʻo ia i ka papa, mālie a maʻemaʻe
persona-pua-line = pāʻani wikiwiki, hoʻouka mau
persona-kekoa-line = lawe ʻo ia i nā lele lōʻihi a pau
persona-makana-line = mālama ʻo ia i kāna mau neʻe a kali iā ʻoe
item-two-players = ʻElua mea pāʻani
item-watch = Nānā: lolouila me lolouila
item-custom = Pāʻani kūikawā…
item-load = Wehe i ka pāʻani…
item-how-to-play = Nā lula
item-tutorial = E aʻo i ka pāʻani…
item-try-lesson = E hoʻāʻo
item-next-lesson = Haʻawina aʻe
item-finish-tutorial = Ua pau nā haʻawina
item-show-lesson = Hōʻike hou i ka haʻawina
item-leave-tutorial = Haʻalele i nā haʻawina
item-quit = Haʻalele
item-settings = Nā koho
item-volume = Leo o nā hopena: { $percent } %
item-sound = Kani: { $value } ({ $key })
item-ambience = Kai a me ka makani: { $percent } %
item-ambience-off = Kai a me ka makani: pio
item-music = Mele: { $percent } %
item-music-off = Mele: pio
item-music-background = Mele ma hope: { $value }
item-theme = Papamū: { $theme }
item-speed = Māmā o ka neʻe: { $speed }×
item-speed-instant = Māmā o ka neʻe: koke
item-movable = Hōʻike i nā ʻiliʻili hiki ke lele: { $value }
item-coordinates = Nā helu kūlana: { $value }
item-fullscreen = Pale piha: { $value }
item-ui-scale = Nui o nā pihi: { $percent } %
item-language = ʻŌlelo: { $language }
item-back = Hoʻi
item-preset = Papamū: { $rows } × { $cols }
item-rows = Lālani: { $rows }
item-columns = Kolamu: { $cols }
item-black-player = ʻEleʻele: { $who }
item-white-player = Keʻokeʻo: { $who }
controller-person = Kanaka
controller-computer = Lolouila — { $level }
item-swap = Hoʻololi i nā waihoʻoluʻu
item-start = E hoʻomaka
item-saved-game = Pāʻani i mālama ʻia { $n }
item-delete = Holoi
item-paste = Hoʻopili i ka moʻolelo i kope ʻia
item-resume = Hoʻomau
item-restart = Hoʻomaka hou
item-save = Mālama i ka pāʻani
item-copy = Kope i ka moʻolelo
item-resign = Hāʻawi pio
item-to-title = Hoʻi i ka ʻaoʻao mua
item-rematch = Pāʻani hou
item-rematch-swapped = Pāʻani hou, hoʻololi i nā waihoʻoluʻu
item-review = Nānā hou i ka pāʻani
item-look = Nānā i ka papamū
item-yes = ʻAe
item-no = ʻAʻole

## Nā nīnau ma mua o ka nalo ʻana

question-restart = Hoʻomaka hou? E nalo ana kēia pāʻani.
question-resign = Hāʻawi pio i kēia pāʻani?
question-new-game = Hoʻomaka i pāʻani hou? E nalo ana ka pāʻani i pau ʻole.
question-leave = Haʻalele i kēia pāʻani? E nalo ana ia.
question-delete-save = Holoi i kēia pāʻani i mālama ʻia?
question-open-game = Wehe i kēia pāʻani? E nalo ana ka pāʻani i pau ʻole.

## Nā papa koho ma luna o ka papamū

menu-paused = Hoʻomaha
menu-settings = Nā koho
settings-hint = Hoʻololi ka hema a me ka ʻākau i ka waiwai.
setup-title = Pāʻani kūikawā
setup-hint = Hoʻololi ka hema a me ka ʻākau i ka waiwai; hoʻomanaʻo ʻia kāu koho.
setup-player = { $side }: { $level } — { $about }
load-title = Nā pāʻani i mālama ʻia
load-empty = ʻAʻohe pāʻani i mālama ʻia: e mālama i kekahi mai ka papa hoʻomaha.
load-hint = Wehe ʻo A a i ʻole Enter i ka pāʻani; holoi ʻo X a i ʻole Delete.
rules-title = Nā lula
lesson-well-done = Maikaʻi! { $done }
lesson-your-move = Kāu neʻe: { $task }.
over-you-win = Lanakila ʻoe!
over-you-lose = Pio ʻoe
over-side-wins = { $side ->
    [black] Lanakila ʻo ʻEleʻele
   *[white] Lanakila ʻo Keʻokeʻo
}
over-resigned = Ua hāʻawi pio ʻo { $who }.
over-you-resigned = Ua hāʻawi pio ʻoe.
over-no-jump = ʻAʻohe lele i koe iā { $who } (ua kaha ʻia kona mau ʻiliʻili).
over-you-no-jump = ʻAʻohe lele i koe iā ʻoe (ua kaha ʻia kāu mau ʻiliʻili).
over-summary = { $moves ->
    [one] 1 neʻe
   *[other] { $moves } neʻe
} · Ua lawe ʻo ʻEleʻele i { $black }, ua lawe ʻo Keʻokeʻo i { $white }

## Nā pāʻani i mālama ʻia

save-what = { $rows }×{ $cols } · { $black } me { $white }
save-person = Kanaka
save-computer = Lolouila ({ $level })
save-when = { $date } · { $moves ->
    [one] 1 neʻe
   *[other] { $moves } neʻe
} · { $result }
result-won = { $winner ->
    [black] Lanakila ʻo ʻEleʻele
   *[white] Lanakila ʻo Keʻokeʻo
}
result-won-resigned = { $winner ->
    [black] Lanakila ʻo ʻEleʻele (hāʻawi pio ʻo Keʻokeʻo)
   *[white] Lanakila ʻo Keʻokeʻo (hāʻawi pio ʻo ʻEleʻele)
}
result-unfinished = pau ʻole
save-unreadable = ʻAʻole hiki ke heluhelu iā { $name }
load-cannot-open = ʻAʻole hiki ke wehe i kēia pāʻani: { $why }
load-paste-unreadable = ʻAʻole hiki ke heluhelu i ka moʻolelo i hoʻopili ʻia: { $why }
load-paste-too-big = He { $bytes } paita ko ka mea i kope ʻia; { $max } paita ka nui loa o ka moʻolelo.
load-deleted = Ua holoi ʻia.
load-not-deleted = ʻAʻole i holoi ʻia ʻo { $path }: { $why }
load-no-saves-here = ʻAʻole mālama kēia holo ʻana i nā pāʻani.
notice-copied = Ua kope ʻia ka moʻolelo
notice-not-copied = ʻAʻole i kope ʻia: { $why }
notice-no-save-dir = ʻAʻole i mālama ʻia: ʻaʻole mālama kēia holo ʻana i nā pāʻani (e hoʻomaka me --data-dir)
notice-saved = Ua mālama ʻia — ma Nā ʻano pāʻani ʻē aʻe, a laila Wehe i ka pāʻani ({ $date })
notice-not-saved = ʻAʻole i mālama ʻia ma { $path }: { $why }

## Nā lula ma ka ʻaoʻao hoʻokahi

rules-board-head = Ka papamū
rules-board = Piha nā poho a pau i nā ʻiliʻili, ma ka hoʻololi ʻana: pōhaku ʻeleʻele a me puna keʻokeʻo. Neʻe mua ʻo ʻEleʻele.
rules-opening-head = Ka wehe ʻana
rules-opening = Lawe ʻo ʻEleʻele i kekahi o kona mau ʻiliʻili mai ka papamū, mai ke kikowaena a i ʻole ke kihi. A laila lawe ʻo Keʻokeʻo i kekahi o kona mau ʻiliʻili mai ka poho ma ka ʻaoʻao pono o ia puka.
rules-jump-head = Ka lele ʻana
rules-jump = Mai laila aku, he lele nā neʻe a pau: lele pololei ka ʻiliʻili (ʻaʻole ma ka ʻaoʻao hiō) ma luna o ka ʻiliʻili o ka hoa paio ma kona ʻaoʻao, a pae i loko o ka poho hakahaka ma hope. Lawe ʻia ka ʻiliʻili i lele ʻia.
rules-again-head = Lele hou
rules-again = Hiki i ua ʻiliʻili nei ke lele hou ma ia ala pololei nō, hoʻokahi hoa paio a hoʻokahi poho hakahaka i kēlā me kēia lele. Hiki iā ʻoe ke kū ma hope o kēlā me kēia lele: ʻaʻole koi ʻia ka lele hou.
rules-end-head = Ka hopena
rules-end = Ka mea hiki ʻole ke lele i kona manawa, ua pio ia. ʻAʻohe kāpae ʻana, ʻaʻohe pāʻani like.
rules-tips-head = Nā ʻōlelo aʻo
rules-tips = E mālama i nā neʻe nou, a e lawe i ko ka hoa paio; i ka pau ʻana, e helu i nā lele i koe i kēlā me kēia ʻaoʻao.
rules-diagram-before = Ma mua
rules-diagram-after = Ma hope

## Nā haʻawina

lesson-board-title = Ka papamū a me nā ʻiliʻili
lesson-board-text = Pāʻani ʻia ke kōnane ma ka papamū, he papa me nā poho liʻiliʻi. Piha nā poho a pau i nā ʻiliʻili, ʻeleʻele a keʻokeʻo, ma ka hoʻololi ʻana. Neʻe mua ʻo ʻEleʻele. Hōʻike nā apo polū māmā i nā ʻiliʻili hiki ke lawe mua ʻia; ma hope, hōʻike nā apo māmā i nā ʻiliʻili hiki ke lele.
lesson-open-title = Wehe ʻo ʻEleʻele
lesson-open-text = Hoʻomaka ka pāʻani me kekahi puka. Lawe ʻo ʻEleʻele i kekahi o kona mau ʻiliʻili: mai ke kikowaena a i ʻole mai ke kihi. Ua pōʻai ʻia nā ʻiliʻili i ʻae ʻia.
lesson-open-task = E lawe i ʻiliʻili ʻeleʻele mai ke kikowaena a i ʻole ke kihi
lesson-open-done = Aia ka puka i kēia manawa, a na Keʻokeʻo e pane.
lesson-answer-title = Pane ʻo Keʻokeʻo
lesson-answer-text = A laila lawe ʻo Keʻokeʻo i kekahi o kona mau ʻiliʻili mai ka poho ma ka ʻaoʻao pono o ka puka: ma luna, ma lalo, ma ka hema a i ʻole ma ka ʻākau. ʻO ʻoe ʻo Keʻokeʻo ma ʻaneʻi.
lesson-answer-task = E lawe i ʻiliʻili keʻokeʻo ma ka ʻaoʻao o ka puka
lesson-answer-done = Mai kēia manawa aku, he lele nā neʻe a pau.
lesson-capture-title = Lawe ka lele
lesson-capture-text = Lele ka ʻiliʻili ma luna o ka ʻiliʻili o ka hoa paio ma kona ʻaoʻao pono, pololei (ʻaʻole hiō), a pae i loko o ka poho hakahaka ma hope. Lawe ʻia ka ʻiliʻili i lele ʻia.
lesson-capture-task = E lele me ka ʻiliʻili ʻeleʻele hiki ke lawe
lesson-capture-done = Ua lawe ʻia! ʻO ka ʻiliʻili ma b4 wale nō ka mea i hiki ke lele: ʻaʻohe hoa paio ma ka ʻaoʻao o e4 me ka poho hakahaka ma hope.
lesson-double-title = Lele hou
lesson-double-text = Ma hope o ka lele, hiki i ua ʻiliʻili nei ke lele hou ma ia laina pololei nō: hoʻokahi hoa paio a hoʻokahi poho hakahaka i kēlā me kēia lele.
lesson-double-task = E lawe i nā ʻiliʻili keʻokeʻo ʻelua i hoʻokahi neʻe
lesson-double-done = ʻElua ʻiliʻili i hoʻokahi neʻe.
lesson-double-wrong = Kokoke: e hoʻomau. Hiki i ua ʻiliʻili nei ke lele ma luna o d4, a i e4.
lesson-stop-title = Kū ma mua
lesson-stop-text = Hiki iā ʻoe ke kū ma hope o kēlā me kēia lele: ʻaʻole koi ʻia ka lele hou. A ʻo ka lele wale nō ke ala e neʻe ai, no laila ʻaʻole neʻe ka ʻiliʻili hiki ʻole ke lele.
lesson-stop-task = E lele hoʻokahi manawa a kū ma c4
lesson-stop-done = He neʻe ʻokoʻa ka lele pōkole: i kekahi manawa ʻoi aku kona maikaʻi.
lesson-stop-wrong = I kēia manawa, e kū ma hope o ka lele mua, ma c4.
lesson-end-title = Ka pau ʻana o ka pāʻani
lesson-end-text = Ka mea hiki ʻole ke lele i kona manawa, ua pio ia. ʻAʻohe kāpae ʻana, ʻaʻohe pāʻani like.
lesson-end-task = E pāʻani i ka neʻe e hiki ʻole ai iā Keʻokeʻo ke lele
lesson-end-done = ʻAʻohe lele i koe iā Keʻokeʻo: lanakila ʻo ʻEleʻele.
lesson-end-wrong = Ma hope o ia neʻe, hiki nō iā Keʻokeʻo ke lele. E ʻimi i ka neʻe e paʻa ai ʻo Keʻokeʻo.
lesson-tips-title = Pāʻani maikaʻi
lesson-tips-text = E mālama i nā neʻe nou, a e lawe i nā neʻe o ka hoa paio: he waiwai ka ʻiliʻili hiki ke lele. I ka pau ʻana, e helu i nā lele i koe i kēlā me kēia ʻaoʻao, a nāu e hana i ka lele hope loa.

## Ka huaʻōlelo e like me ia

plain = { $text }

## Nā nane

item-puzzles = Nā nane
item-puzzle-grade = { $grade ->
    [short] Lanakila i 1–3 neʻe
    [middle] Lanakila i 4–7 neʻe
   *[long] Lanakila i 8 neʻe a ʻoi
} · { $solved }/{ $total } i pau
item-next-puzzle = Ka nane aʻe
item-retry-puzzle = Hoʻāʻo hou
item-leave-puzzle = Hoʻi i nā nane
puzzles-title = Nā nane
puzzles-hint = He lanakila i hōʻoia ʻia kēlā me kēia nane no ka mea e neʻe ana. Helu ʻia nā neʻe a pau e mālama i ka lanakila; pale ka lolouila a hiki i ka hope.
# $n, $total: the puzzle's place in its grade
puzzle-title-book = Nane { $n }/{ $total }
puzzle-title-daily = Nane o ka lā
# $n: the puzzle's place in the streak
puzzle-title-streak = Holo, nane { $n }
puzzle-status = { $side ->
    [black] { $title }: e lanakila ʻo ʻEleʻele i { $moves ->
        [one] hoʻokahi neʻe
       *[other] { $moves } neʻe
    }
   *[white] { $title }: e lanakila ʻo Keʻokeʻo i { $moves ->
        [one] hoʻokahi neʻe
       *[other] { $moves } neʻe
    }
}
puzzle-solved-status = Ua pau — ʻaʻohe lele i koe i ka hoa paio
puzzle-failed-status = Pio ka { $played }: lanakila ka hoa paio me ka { $answer }
puzzle-solved = Ua pau!
puzzle-solved-text = { $moves ->
    [one] He lanakila koi ʻia i hoʻokahi neʻe.
   *[other] He lanakila koi ʻia i { $moves } neʻe: ua pale ka hoa paio a hiki i ka hope.
}
puzzle-failed = Pio kēlā neʻe
puzzle-failed-text = { $side ->
    [black] Ma hope o { $played }, pane ʻo ʻEleʻele me { $answer } a lanakila. E hoʻāʻo hou, a i ʻole e noi mua i ke kōkua.
   *[white] Ma hope o { $played }, pane ʻo Keʻokeʻo me { $answer } a lanakila. E hoʻāʻo hou, a i ʻole e noi mua i ke kōkua.
}

## Ka nānā ʻana i ka pāʻani

analysis-working = Ke nānā ʻia nei ka pāʻani… { $done }/{ $total }
analysis-proven = { $side ->
    [black] Ua hōʻoia ʻia ma hope o ka neʻe { $n }: lanakila ʻo ʻEleʻele
   *[white] Ua hōʻoia ʻia ma hope o ka neʻe { $n }: lanakila ʻo Keʻokeʻo
}
analysis-threw = Neʻe { $n }, { $played }: ua haʻalele ʻia kahi lanakila i hōʻoia ʻia; ua mālama ʻo { $best } iā ia
analysis-blunder = Neʻe { $n }, { $played }: he hewa nui; ʻoi aku ka maikaʻi o { $best }

# Kau 9: hoʻokahi papa kuhikuhi, papa haʻawina, ka helu no kēlā me kēia pae.
hud-move = Neʻe { $n }
score-computer-level = Lolouila ({ $level })
notice-autosave-failed = ʻAʻole i mālama ʻia kāu pāʻani i pau ʻole ma { $path }: { $why }
title-profile-in-use = Ua wehe ʻia ke kōnane ma kekahi puka aniani ʻē aʻe: ʻaʻole e mālama ʻia nā pāʻani o ʻaneʻi no ka hoʻomau (e koho iā Mālama i ka pāʻani).
item-more-games = He pāʻani hou…
item-more-actions = Nā mea hou aku…
item-lesson = { $n }. { $title }{ $mark }
lesson-mark-passed = { " · pau" }
lesson-mark-open = { "" }
more-games-title = He pāʻani hou
more-games-hint = Me ka lolouila ma ke kūlana āu e koho ai, ʻelua kānaka ma kēia pakuhi, ka lolouila me ia iho, kou papa ponoʻī, a i ʻole he pāʻani i mālama ʻia.
lessons-title = E aʻo i ka pāʻani
lessons-hint = ʻEwalu haʻawina pōkole, { $passed } o { $total } i pau. E hoʻomaka ma kekahi haʻawina.
status-you-played = Ua pāʻani ʻoe iā { $move }
notice-you-play = Pāʻani ʻoe iā { $side }
status-played = Ua pāʻani ʻo { $who } iā { $move }
notice-muted = Pio ke kani: e kaomi iā { $key } e hoʻā hou
notice-unmuted = Ua ā ke kani
hud-muted = Pio ke kani ({ $key })
analysis-proven-thrown = { $side ->
    [black] Ua paʻa ka lanakila iā ʻEleʻele ma hope o ka neʻe { $n }; ua lanakila ʻo { $winner ->
        [black] ʻEleʻele
       *[white] Keʻokeʻo
    } ma hope o ka hewa o ʻEleʻele ma ka neʻe { $m }
   *[white] Ua paʻa ka lanakila iā Keʻokeʻo ma hope o ka neʻe { $n }; ua lanakila ʻo { $winner ->
        [black] ʻEleʻele
       *[white] Keʻokeʻo
    } ma hope o ka hewa o Keʻokeʻo ma ka neʻe { $m }
}
load-hint-keys = Wehe ʻo { $open } i ka pāʻani; holoi ʻo { $delete } iā ia.
load-hint-pad = Wehe ʻo { $open } i ka pāʻani; holoi ʻo { $delete } iā ia.
load-hint-pointer = Kaomi i ka pāʻani e wehe ai; holoi ke pihi Holoi iā ia.
card-took = ua lawe i { $n }
card-name-level = { $name } · { $level }
tray-took = Ua lawe ʻo { $who } i { $n }
item-take-back = Hoʻihoʻi i ka neʻe hope
item-take-back-resignation = Hoʻihoʻi i ka haʻalele ʻana

## Pāʻani me ka hoaaloha ma ka pūnaewele

player-friend = Kou hoaaloha
controller-friend = Hoaaloha ma ka pūnaewele
save-friend = Hoaaloha (pūnaewele)
status-friend-resigned = Ua haʻalele kou hoaaloha — lanakila ʻoe
status-you-win-online = Lanakila ʻoe — ʻaʻohe neʻe o kou hoaaloha
status-friend-thinking = Ka manawa o kou hoaaloha…
item-online = Pāʻani me ka hoaaloha ma ka pūnaewele…
item-host = Hoʻomaka i pāʻani
item-join = Komo me ka helu
item-watch-online = Nānā me ka helu
item-start-hosting = Hoʻomaka
item-code = Helu: { $code }
item-join-now = Komo i ka pāʻani
item-watch-now = Nānā i ka pāʻani
item-copy-code = Kope i ka helu
item-watchers = Nā mea nānā: { $value }
watchers-anyone = ka poʻe me ka helu
watchers-private = helu nānā wale nō
question-allow-undo = Makemake kou hoaaloha e hoʻihoʻi i kāna neʻe hope. ʻAe?
online-title = Pāʻani me ka hoaaloha ma ka pūnaewele
online-hint = E hoʻomaka i pāʻani a haʻi i ka helu i kou hoaaloha, a i ʻole e komo me ka helu āna i haʻi mai ai. Ma ka pūnaewele hoʻokahi, ʻaʻohe mea e hoʻonohonoho ai.
online-host-title = Hoʻomaka i pāʻani
online-host-here = Mālama kēia kamepiula i ka pāʻani; komo nā hoaaloha ma kēia pūnaewele me ka helu.
online-host-server = Mālama ʻia ka pāʻani ma { $server }.
online-join-title = Komo i ka pāʻani a ka hoaaloha
online-watch-title = Nānā i ka pāʻani
online-code-entry = Kikokiko i ka helu a kou hoaaloha (Ctrl+V e hoʻokomo), a laila Enter.
online-code-entry-pad = Hoʻololi ka hema a me ka ʻākau i ka hua, lawe ʻo A iā ia a hoʻomaka i ka mea aʻe.
online-code-title = Kou helu kono: { $code }
online-code-hint = E haʻi i kēia helu i kou hoaaloha: koho ʻo ia i Pāʻani me ka hoaaloha, a laila Komo me ka helu.
online-lan-address = Mai kekahi pūnaewele ʻē aʻe, pono nō hoʻi kēia wahi: { $address }
online-watch-code = Helu nānā, no ka poʻe āu e ʻae ai e nānā: { $code }
online-line-plain = ʻAʻole i hoʻopaʻa huna ʻia ka laina: e pāʻani pēia ma kahi pūnaewele āu e hilinaʻi ai wale nō.
online-line-encrypted = Ua hoʻopaʻa huna ʻia ka laina (TLS), a ua nānā ʻia ka palapala hōʻoia o ke kikowaena.
online-line-pinned = Ua hoʻopaʻa huna ʻia ka laina; ʻo ka palapala hōʻoia o ke kikowaena ka mea i hoʻopaʻa ʻia: { $fingerprint }
online-refused = Pūnaewele: { $why }
link-connecting = Ke hoʻopili nei…
link-reconnecting = Ua moku ka pilina — ke hoʻopili hou nei (hoʻāʻo { $n })…
link-unreachable = ʻAʻole hiki ke loaʻa ke kikowaena ({ $why }) — ke hoʻāʻo hou nei…
link-replaced = Ua lawe ʻia kou noho e kekahi puka aniani a kamepiula ʻē aʻe paha, kahi e hoʻomau ʻia ai ka pāʻani: ua kū ʻo ia ma ʻaneʻi
link-abandoned = Ua haʻalele ʻia ka pāʻani: ua lōʻihi loa ka nalo ʻana o kekahi mea pāʻani

## Nā uaki a me nā hopena kūpono ma ka pūnaewele
item-clock = Uaki: { $value }
clock-untimed = ʻaʻohe
clock-real = { $minutes } min + { $increment } kekona
clock-days = { $days ->
    [one] hoʻokahi lā no ka neʻe
   *[other] { $days } lā no ka neʻe
}
item-claim-win = Koi i ka lanakila
item-abort-game = Hoʻopau i ka pāʻani
online-aborted = Ua hoʻopau ʻia ka pāʻani ma mua o nā neʻe mua: ʻaʻole ia e helu ʻia
online-won-on-time = Lanakila ʻoe ma ka manawa — ua pau ka uaki o kou hoa
online-lost-on-time = Eo ʻoe ma ka manawa — ua pau kou uaki
online-you-claimed = Lanakila ʻoe — ua lōʻihi loa ka nalo ʻana o kou hoa
online-friend-claimed = Eo ʻoe — ua lōʻihi loa kou nalo ʻana, a ua koi kou hoa i ka pāʻani
online-side-lost-on-time = { $side ->
    [black] Eo ʻo ʻEleʻele ma ka manawa — lanakila ʻo Keʻokeʻo
   *[white] Eo ʻo Keʻokeʻo ma ka manawa — lanakila ʻo ʻEleʻele
}
online-side-claimed = { $side ->
    [black] Lanakila ʻo ʻEleʻele — ua lōʻihi loa ka nalo ʻana o Keʻokeʻo
   *[white] Lanakila ʻo Keʻokeʻo — ua lōʻihi loa ka nalo ʻana o ʻEleʻele
}
online-claim-soon = Ua nalo kou hoa: hiki iā ʻoe ke koi i ka lanakila i loko o { $seconds } kekona, a i ʻole e kali
online-claim-open = Ua lōʻihi loa ka nalo ʻana o kou hoa: koi i ka lanakila mai ka papa kuhikuhi, a i ʻole e kali
link-watching = Ke nānā nei i ka pāʻani { $code }
link-waiting-friend = Ke kali nei i kou hoaaloha — helu { $code }
link-friend-away = Ua moku kou hoaaloha — mālama ʻia ka pāʻani no { $minutes } minuke
notice-rematch-asked = Ua noi ʻia kou hoaaloha no kekahi pāʻani hou
notice-code-copied = Ua kope ʻia ka helu
notice-code-incomplete = ʻUmi hua a me nā helu o ka helu kono
notice-friend-joined = Ua komo kou hoaaloha
notice-friend-back = Ua hoʻi mai kou hoaaloha
notice-undo-asked = Ua noi ʻia kou hoaaloha e hoʻihoʻi i kāu neʻe
notice-undo-declined = ʻAʻole ʻae kou hoaaloha e hoʻihoʻi
notice-friend-rematch = Makemake kou hoaaloha i pāʻani hou: koho i ka Pāʻani hou

## No ka pāʻani

item-about = No Kōnane
about-title = No Kōnane
about-hint = Ma luna a ma lalo e ʻolokaʻa ai i ka ʻaoʻao.
about-version = Kōnane { $version }, i kūkulu ʻia i ka lā { $date }.
about-licence-head = Palapala ʻae
about-licence = He lako polokalamu kūʻokoʻa: hiki iā ʻoe ke hoʻohana, kope, hoʻololi a kaʻana like ma lalo o ka palapala ʻae MIT a i ʻole ka Apache License 2.0, ma kāu koho. Hele pū nā kikokikona ʻelua me ka pāʻani.
about-credits-head = Nā mea nāna i hana
about-credits = Hana ʻia e nā mea hoʻomohala o Kōnane. He pāʻani kahiko ʻo Kōnane no Hawaiʻi; ua like nā lula ma ʻaneʻi me ka pāʻani maʻamau ʻana i kēia wā. Kaha ʻia ka papamū, nā ʻiliʻili, nā kiʻi liʻiliʻi, nā mele a me nā leo e ka pāʻani ponoʻī. Kākau ʻia nā huaʻōlelo ma Noto Sans a me Noto Serif Display (SIL Open Font License), a me DejaVu Sans a me nā hua o egui no nā hōʻailona.
about-third-party-head = Kūkulu ʻia me
about-third-party = { $count } mau pahu polokalamu kumu hāmama, me ko lākou palapala ʻae pākahi (hele pū nā kikokikona piha me ka pāʻani):

## Scrolling

scroll-more-above = he mau mea hou ma luna
scroll-more-below = he mau mea hou ma lalo

## Kāu moʻolelo: ka helu, nā helu pāʻani, nā kūlana

over-rating = { $change ->
    [rose] Ua piʻi kāu helu i { $rating } ({ $points }): kokoke i ka pae { $level }.
    [fell] Ua emi kāu helu i { $rating } ({ $points }): kokoke i ka pae { $level }.
   *[same] Ke kū nei kāu helu ma { $rating }: kokoke i ka pae { $level }.
}
over-unrated = ʻAʻole helu ʻia: ua hoʻihoʻi ʻia kekahi neʻe.
notice-unrated = ʻAʻole helu ʻia kēia pāʻani i kēia manawa: ua hoʻihoʻi ʻia kekahi neʻe.
notice-result-stands = Mālama kāu moʻolelo i ka hopena o kēia pāʻani; ʻaʻole e mālama ʻia nā neʻe mai kēia wahi aku.
notice-history-set-aside = Ua pōʻino ka waihona o kāu moʻolelo a ua hoʻokaʻawale ʻia; ua hoʻomaka ʻia he waihona hou.
notice-history-read-only = Hiki ke heluhelu i kāu moʻolelo akā ʻaʻole ke kākau: ʻaʻole e mālama ʻia nā pāʻani hou.
notice-history-unavailable = ʻAʻole hiki ke mālama i kāu moʻolelo i kēia manawa: ʻaʻole e mālama ʻia nā pāʻani.
title-rating = Kāu helu { $rating } · he pāʻani kaulike: { $level }
title-rating-new = Kāu pāʻani helu mua: e hoʻāʻo iā { $level }
item-stats = Kāu moʻolelo
item-recorded-games = Kāu mau pāʻani…
item-recorded = { $date } · { $size } · { $players } · { $result }
stats-title = Kāu moʻolelo
stats-hint = Helu ʻia nā pāʻani me ka lolouila ma ka papa 6×6 a ʻoi aku, ke hoʻihoʻi ʻole ʻia kekahi neʻe.
stats-no-rating = ʻAʻohe pāʻani helu ʻia i kēia manawa: e pāʻani me ka lolouila ma ka papa 6×6 a ʻoi aku.
stats-tile-rating = Helu
stats-tile-rating-sub = ± { $margin }
stats-tile-games = Nā pāʻani
stats-tile-streak = Lanakila pili
stats-tile-streak-sub = { $best } ka nui loa
stats-tile-best = Lanakila maikaʻi loa
stats-plot = Ka helu ma hope o kēlā me kēia pāʻani helu ʻia
stats-results-head = Nā hopena (lanakila–eo; no ʻelua kānaka, nā pāʻani)
stats-friend = he hoaaloha ma ka pūnaewele
stats-milestones-head = Nā kūlana
stats-progress = { $done }/{ $target }
stats-earned = loaʻa
recorded-title = Kāu mau pāʻani
recorded-hint = E wehe i kekahi pāʻani e nānā ai i kēlā me kēia neʻe.
recorded-empty = ʻAʻohe pāʻani i pau i kēia manawa.
recorded-won = lanakila
recorded-lost = eo
recorded-side-won = Lanakila ʻo { $side }
recorded-you-v = ʻoe me { $who }
recorded-people = ʻelua kānaka
milestone-earned = Kūlana hou: { $name }
milestone-first-game = Ka pāʻani mua
milestone-first-game-about = E hoʻopau i kekahi pāʻani.
milestone-beat-beginner = Ma waho o ka malihini
milestone-beat-beginner-about = E lanakila ma luna o ka lolouila ma Malihini.
milestone-beat-easy = Maʻalahi nō
milestone-beat-easy-about = E lanakila ma luna o ka lolouila ma Maʻalahi.
milestone-beat-medium = Ma ka waena
milestone-beat-medium-about = E lanakila ma luna o ka lolouila ma Waena.
milestone-beat-hard = Lanakila paʻakikī
milestone-beat-hard-about = E lanakila ma luna o ka lolouila ma Paʻakikī.
milestone-beat-strong = Ikaika aʻe
milestone-beat-strong-about = E lanakila ma luna o ka lolouila ma Ikaika.
milestone-beat-expert = Loea
milestone-beat-expert-about = E lanakila ma luna o ka lolouila ma Loea.
milestone-triple-jump = Lele pākolu
milestone-triple-jump-about = E lawe i ʻekolu ʻiliʻili me hoʻokahi neʻe.
milestone-win-as-white = ʻElua e neʻe, mua e lanakila
milestone-win-as-white-about = E lanakila me ke Keʻokeʻo.
milestone-clean-win = Hoʻihoʻi ʻole
milestone-clean-win-about = E lanakila i kekahi pāʻani helu ʻia me ka hoʻihoʻi ʻole i kekahi neʻe.
milestone-streak-5 = ʻElima pili
milestone-streak-5-about = E lanakila i ʻelima pāʻani pili.
milestone-games-25 = Kamaʻāina
milestone-games-25-about = E hoʻopau i 25 pāʻani.
milestone-big-board = Kai ākea
milestone-big-board-about = E lanakila ma ka papa 10×10 a ʻoi aku.
milestone-first-puzzle = Mea wehe nane
milestone-first-puzzle-about = E wehe i kekahi nane.
milestone-daily-10 = ʻUmi lā nane
milestone-daily-10-about = E wehe i ʻumi nane o ka lā.
milestone-puzzle-streak-5 = Holo pono
milestone-puzzle-streak-5-about = E wehe i ʻelima nane pili ma kekahi holo nane.
item-daily-puzzle = Nane o ka lā
item-puzzle-streak = Holo nane
item-next-in-streak = Ka nane aʻe o ka holo
puzzles-standing = Helu nane { $rating } · holo maikaʻi loa { $streak }
puzzles-daily-new = Ke kali nei ka nane o kēia lā ({ $date }).
puzzles-daily-solved = Ua wehe ʻia ka nane o kēia lā ({ $date }); he nane hou ʻapōpō.
puzzles-daily-missed = ʻAʻole i wehe ʻia ka nane o kēia lā ({ $date }): e hoʻāʻo hou.
puzzle-rating = Helu nane { $rating } ({ $change })
puzzle-streak-on = Holo: { $n } i wehe ʻia pili
puzzle-streak-over = Pau ka holo ma hope o { $n } · maikaʻi loa { $best }
item-older-games = Nā pāʻani kahiko aʻe
item-newer-games = Nā pāʻani hou aʻe

## Ka mea e heluhelu ʻia e ka mea heluhelu pale (ka papa, nā neʻe, ke kūlana)
say-none = ʻaʻohe
say-list = { $first } a me { $last }
say-your-stone = kou ʻiliʻili
say-stone = { $side ->
    [black] ʻiliʻili ʻeleʻele
   *[white] ʻiliʻili keʻokeʻo
}
say-cell-empty = { $cell }, hakahaka
say-cell-landing = { $cell }, hakahaka, hiki iā { $from } ke pae ma ʻaneʻi
say-cell-stone = { $cell }, { $stone }
say-cell-can-jump = { $cell }, { $stone }, hiki ke lele i { $to }
say-cell-selected = { $cell }, { $stone }, ua hāpai ʻia, hiki ke lele i { $to }
say-cell-no-jump = { $cell }, { $stone }, ʻaʻohe lele
say-cell-removable = { $cell }, { $stone }, hiki ke lawe ʻia
say-jumped = Ua lele ʻo { $who } mai { $from } a i { $to }, lawe iā { $taken }
say-removed = Ua lawe ʻo { $who } iā { $cell }
say-position = ʻEleʻele { $black } ʻiliʻili, Keʻokeʻo { $white } ʻiliʻili. { $status }. { $count ->
    [0] ʻAʻohe neʻe.
    [one] Hoʻokahi neʻe: { $moves }.
   *[other] { $count } neʻe: { $moves }.
}
say-board = Papa
say-announcements = Nā hoʻolaha
move-entry-label = Kikokiko i kahi neʻe
move-entry-hint = He neʻe e like me c3-c5, a laila Enter (pani ʻo Esc)
move-entry-bad = ʻAʻole he neʻe ʻo “{ $text }” ma ʻaneʻi: kikokiko i kahi poho (d5) a i ʻole mai-a-i (c3-c5)
say-to-move = Na { $side ->
    [black] ʻEleʻele
   *[white] Keʻokeʻo
} e neʻe
say-won = Ua lanakila ʻo { $side ->
    [black] ʻEleʻele
   *[white] Keʻokeʻo
}
access-step-down = ma mua
access-step-up = ma hope

## Ka hiki ke komo
item-access = Ka hiki ke komo…
item-reduced-motion = Emi ka neʻe: { $value }
item-confirm-moves = Hōʻoia i kēlā me kēia neʻe: { $value }
item-thinking-pause = Noʻonoʻo ka kamepiula: { $value }
item-coach = Kumu aʻo: { $value }
coach-mode-auto = me Malihini a me Maʻalahi
coach-mode-on = mau
coach-mode-off = pio
coach-line = Kumu aʻo: { $words }
coach-threw-win = lanakila ʻo { $better } — ua hāʻawi ʻoe i ka lanakila.
coach-multi-jump = ʻOi aku ka maikaʻi o { $better } — hiki iā { $side } ke lele ma luna o { $hops } pōhaku mai { $from }.
coach-few-moves = ʻOi aku ka maikaʻi o { $better } — ma hope o ka pane a { $side }, { $left } wale nō kāu mau neʻe i koe.
coach-mobility = ʻOi aku ka maikaʻi o { $better } — { $yours } āu mau neʻe, { $theirs } ko { $side }.
item-access-guide = Ka mea a ka pāʻani e hana ai no ka hiki ke komo
access-title = Ka hiki ke komo
access-hint = Hōʻike ʻo Emi ka neʻe i nā neʻe i ka manawa hoʻokahi, me ka ʻole o ka hoʻoluliluli, nā ʻāpana lele, ka ʻālohilohi a me ka mae. Hōʻoia i kēlā me kēia neʻe: he noi wale nō kahi pae i paʻi ʻia; paʻi hou (a i ʻole Enter) e pāʻani ai.
access-guide-title = Ka hiki ke komo
access-guide-intro = Hiki ke pāʻani ʻia ʻo Kōnane me ka mea heluhelu pale, me ka papa pihi wale nō a i ʻole ka mīkini pāʻani wale nō, me nā hua nui a me ke ʻano ʻokoʻa nui, me ka leo ʻole a me ka neʻe ʻole. ʻAʻohe mea i ka pāʻani e hoʻokūkū me ka manawa iā ʻoe.
access-guide-reader-head = Mea heluhelu pale
access-guide-reader = Me ka mea heluhelu pale e like me Orca, heluhelu ʻia kēlā me kēia pihi me kona inoa a me kona waiwai, a hahai ka mea heluhelu i ka nānā o nā papa koho a me ka papa. Ma ka papa, heluhelu ʻia ka poho ma lalo o ka kaha: ka mea ma luna ona a me kahi e hiki ai ke lele. Hoʻolaha ʻia nā neʻe, nā ʻai, nā hōʻole, ka manawa o wai, a me ka hopena. Heluhelu ʻo I i ke kūlana holoʻokoʻa me nā neʻe kūpono a pau; wehe ʻo T i kahi kahua e kikokiko ai ʻoe i kahi neʻe e like me c3-c5 a paʻi i Enter.
access-guide-input-head = Nā pihi a me ka mīkini pāʻani
access-guide-input = Hiki ke hana ʻia nā mea a pau me ka papa pihi wale nō (nā pua a i ʻole WASD, Enter, Esc) a i ʻole me ka mīkini pāʻani wale nō (d-pad a i ʻole ka lāʻau, A, B, Start). Hiki ke hāʻawi ʻia i kēlā me kēia kauoha nā pihi ʻē aʻe ma lalo o Nā mana hoʻokele…, a kapa nā kuhikuhi i nā mea āu i koho ai. Hoʻoneʻe ʻia kahi ʻiliʻili ma ke kaomi, ke kauo, ke kaha a i ʻole ke kikokiko ʻana i kona neʻe.
access-guide-seeing-head = ʻIke maka
access-guide-seeing = Hoʻonui ʻo Ka nui o ka papa hana i nā hua a me nā pihi a pau a hiki i 200 %. Kaha ke kumuhana ʻOkoʻa nui i nā ʻiliʻili ʻeleʻele a keʻokeʻo ma luna o ka papa maʻalahi me nā kaha ikaika. ʻOkoʻa nā kaha ma ke ʻano a me ka waihoʻoluʻu: he apo ko ka ʻiliʻili i koho ʻia, he kiko ko nā pae, he daimana ko ka hōʻailona kōkua, he mau kihi ko ka neʻe hope, he kiʻi huinahā ko ke kaha a he keʻa ko ka poho i hōʻole ʻia.
access-guide-hearing-head = Lohe
access-guide-hearing = He mea ʻike maka ko kēlā me kēia leo: hele ka ʻiliʻili i ʻai ʻia i kona pā, kākau ʻia ka hōʻole ma ka pahu me ke keʻa ma ka papa, kākau ʻia kou manawa a me ka hopena ma ka pahu. He leo nui ʻokoʻa ko nā hopena a me ke kani o ke kai, a hoʻopau ʻo M i nā leo a pau.
access-guide-motion-head = Neʻe a me ka manawa
access-guide-motion = Hōʻike ʻo Emi ka neʻe i kēlā me kēia neʻe i ka manawa hoʻokahi a hoʻopau i ka hoʻoluliluli, nā ʻāpana lele, ka lele ʻana, ka nalu ʻālohilohi o ka mea lanakila, ka mae, a me ka pāʻani ma hope o ka papa inoa. ʻAʻohe mea e ʻōlapa. Kali ka lolouila iā ʻoe i ka lōʻihi āu e makemake ai; pale ʻo Hōʻoia i kēlā me kēia neʻe i ka hewa o ka lima.
say-proposed = { $move }: paʻi hou iā { $cell } (a i ʻole Enter) e pāʻani ai
say-hint = Kōkua: { $move }

## Nā mana hoʻokele
item-controls = Nā mana hoʻokele…
item-bind = { $command }: { $keys }
item-reset-controls = Hoʻihoʻi i ka mua
controls-none = ʻaʻohe
controls-title = Nā mana hoʻokele
controls-hint = E koho i kahi kauoha, a laila e kaomi i kona pihi hou a i ʻole pihi mīkini pāʻani. Hoʻihoʻi ʻo Hoʻihoʻi i ka mua i nā mea a pau.
controls-press = E kaomi i ka pihi hou no { $command } (Esc: waiho pēlā)
controls-taken = No { $command } ʻo { $key }: e kaomi i kekahi ʻē aʻe
command-up = I luna
command-down = I lalo
command-left = Hema
command-right = ʻĀkau
command-confirm = Koho
command-cancel = Hoʻi
command-undo = Hoʻihoʻi
command-redo = Hana hou
command-pause = Papa koho hoʻomaha
command-mute = Leo pio/ola
command-delete = Holoi i kahi pāʻani i mālama ʻia
command-describe = Heluhelu i ke kūlana
command-type-move = Kikokiko i kahi neʻe
command-hint = Kōkua
command-moves = Papa neʻe


quip-line = { $name }: “{ $words }”
quip-keala-great = Maikaʻi kēlā — nāu ka pane!
quip-keala-blunder = Akahele — ua wehe ʻia ke ala noʻu.
quip-keala-win = He pāʻani kokoke! Hoʻokahi hou?
quip-keala-loss = Maikaʻi kāu pāʻani — nou kēia lanakila.
quip-lani-great = He neʻe no ka neʻe.
quip-lani-blunder = Ua kaulike ʻole ka papa i kēia manawa.
quip-lani-win = Aia nā mea a pau ma ko lākou wahi.
quip-lani-loss = Nani loa. Nou ka papa.
quip-pua-great = Ha! Loaʻa!
quip-pua-blunder = Ō, mahalo iā ʻoe!
quip-pua-win = Wikiwiki loa au nou i kēia lā!
quip-pua-loss = Ua loaʻa au iā ʻoe i koʻu wikiwiki.
quip-kekoa-great = Lele a lele hou — pēlā koʻu makemake!
quip-kekoa-blunder = Ua waiho ʻoe i lele lua noʻu — lele au!
quip-kekoa-win = He lele ma hope o ka lele!
quip-kekoa-loss = Ua paʻa au iā ʻoe i lalo. Maikaʻi.
quip-makana-great = Uku ke ahonui.
quip-makana-blunder = Ua hala kekahi o kāu mau neʻe.
quip-makana-win = Ua pau kāu mau neʻe ma mua oʻu.
quip-makana-loss = Ua ʻoi aku kou ahonui. Kākaʻikahi.
