"""The one table of error codes and their English message templates.

Every engine error carries a stable ``code`` and a ``params`` dict; its English
text is ``MESSAGES[code] % params``. The templates are wrapped in
``gettext_noop`` (a local no-op, so this module stays free of Django) so that
``makemessages`` extracts them and the Django layer can show the same reason in
Spanish with ``gettext(MESSAGES[code]) % params``.

Parameters quote the record (token ids, counter names, card ids) and the state
(rounds, sides); they are never translated themselves, except the phase and
side words, which have their own labels below.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a string for extraction without translating it (Django-free twin)."""
    return message


# Where a step happened: "round 2, outfit, tails".
PLACE_TEMPLATES: dict[str, str] = {
    "round-phase-side": gettext_noop("round %(round)s, %(phase)s, %(side)s"),
    "round-phase": gettext_noop("round %(round)s, %(phase)s"),
    "phase": gettext_noop("%(phase)s"),
    # Anachronism counts assaults, not rounds.
    "assault-phase-side": gettext_noop("assault %(round)s, %(phase)s, %(side)s"),
    "assault-phase": gettext_noop("assault %(round)s, %(phase)s"),
    "phase-side": gettext_noop("%(phase)s, %(side)s"),
}

# Phases of a game that counts assaults (Anachronism); the place names the assault.
ASSAULT_PHASES = frozenset(("placement", "initiative", "discard", "actions"))

PHASE_LABELS: dict[str, str] = {
    "setup": gettext_noop("setup"),
    "uncover": gettext_noop("uncover"),
    "deploy": gettext_noop("deploy"),
    "outfit": gettext_noop("outfit"),
    "combat": gettext_noop("combat"),
    "vanguard": gettext_noop("vanguard"),
    "cards": gettext_noop("cards"),
    "end": gettext_noop("end of game"),
    "placement": gettext_noop("placement"),
    "initiative": gettext_noop("initiative"),
    "discard": gettext_noop("discards"),
    "actions": gettext_noop("actions"),
}

SIDE_LABELS: dict[str, str] = {
    "heads": gettext_noop("heads"),
    "tails": gettext_noop("tails"),
    "north": gettext_noop("north"),
    "south": gettext_noop("south"),
}

# Qíahn's counters, as the odds errors name them (the odds form's choices, not a record's
# literal keys).
COUNTER_LABELS: dict[str, str] = {
    "water": gettext_noop("water"),
    "wind": gettext_noop("wind"),
    "earth": gettext_noop("earth"),
    "fire": gettext_noop("fire"),
}
ODDS_COUNTER_CODES = frozenset(("odds.magic", "odds.magic_twice"))

ROLE_LABELS: dict[str, str] = {
    "attacker": gettext_noop("attacker"),
    "defender": gettext_noop("defender"),
}

# JSON types, as a shape error names them ("expected an integer, got a string").
JSON_TYPE_LABELS: dict[str, str] = {
    "object": gettext_noop("an object"),
    "array": gettext_noop("an array"),
    "string": gettext_noop("a string"),
    "integer": gettext_noop("an integer"),
    "number": gettext_noop("a number"),
    "oversized_number": gettext_noop("a number too long to read"),
    "boolean": gettext_noop("a boolean (true/false)"),
    "null": gettext_noop("null"),
    "non_empty_string": gettext_noop("a non-empty string"),
    "names": gettext_noop("an object of names by language"),
}

# Parameters whose values are sides, roles, phases or JSON types (shown in the reader's
# language); a parameter named "expected" is a side except in a shape error.
SIDE_PARAMS = frozenset(("side", "other", "owner", "expected"))
ROLE_PARAMS = frozenset(("role",))
PHASE_PARAMS = frozenset(("phase",))
TYPE_PARAMS = frozenset(("expected", "got"))
# A Goblin II event's mode and scoring, as its setting errors name them.
GOBLIN_SETTING_LABELS: dict[str, dict[str, str]] = {
    "event.wrong_mode": {
        "open": gettext_noop("open"),
        "semi-covered": gettext_noop("semi-covered"),
        "covered": gettext_noop("covered"),
    },
    "event.wrong_scoring": {
        "survivors": gettext_noop("survivors (own combatants still in play)"),
        "captures": gettext_noop("captures (enemy combatants defeated)"),
    },
}

MESSAGES: dict[str, str] = {
    # --- reading the record (any game) ------------------------------------------
    "record.not_json": gettext_noop("the record is not valid JSON: %(detail)s"),
    "record.unreadable": gettext_noop("the record cannot be read: %(detail)s"),
    "record.too_deep": gettext_noop("the record nests arrays or objects too deeply to be read"),
    "syntax.type": gettext_noop("%(path)s: expected %(expected)s, got %(got)s%(shown)s"),
    "syntax.missing": gettext_noop("%(parent)s: the required key '%(key)s' is missing"),
    "syntax.unknown_key": gettext_noop("%(path)s: unknown key '%(key)s'"),
    "syntax.choice": gettext_noop("%(path)s: '%(value)s' is not one of %(allowed)s"),
    "syntax.token_id": gettext_noop(
        "%(path)s: '%(value)s' is not a token id (H<k> for heads, T<k> for tails)"
    ),
    "syntax.copy_required": gettext_noop(
        "%(path)s: water needs 'copy', the combatant whose dice it copies"
    ),
    "syntax.copy_not_allowed": gettext_noop(
        "%(path)s: only water names a 'copy' target, not '%(counter)s'"
    ),
    "syntax.empty": gettext_noop("%(path)s: must not be empty"),
    "syntax.duplicate_key": gettext_noop(
        "the record repeats the key '%(key)s' in one object; every key appears once"
    ),
    "game.unsupported": gettext_noop(
        "%(path)s: '%(value)s' is not a supported game (supported: %(allowed)s)"
    ),
    "game.format": gettext_noop(
        "%(path)s: format %(value)s is not supported for %(game)s (supported: %(allowed)s)"
    ),
    # --- any step taken out of order (only through the action API) ---------------------
    "step.wrong_phase": gettext_noop(
        "%(action)s is not possible now: the game is in the %(phase)s phase of round %(round)s"
    ),
    "step.not_your_turn": gettext_noop("it is %(expected)s's turn, not %(side)s's"),
    "step.game_over": gettext_noop("the game is over; %(action)s is not possible"),
    # --- Qíahn Tactics: uncover ------------------------------------------------------
    "uncover.type_exhausted": gettext_noop(
        "%(side)s uncovers another '%(type)s', but a side has only %(limit)s of each type "
        "and they are already uncovered (%(tokens)s)"
    ),
    # --- Qíahn Tactics: deploy -------------------------------------------------------
    "deploy.count": gettext_noop(
        "%(side)s deploys %(count)s combatants; a side deploys 1 to 3 (%(ids)s)"
    ),
    "deploy.duplicate": gettext_noop("%(side)s deploys '%(token)s' twice"),
    "deploy.not_own": gettext_noop("'%(token)s' is not one of %(side)s's tokens"),
    "deploy.not_in_squad": gettext_noop("there is no token '%(token)s' in a squad of %(squad)s"),
    "deploy.face_down": gettext_noop(
        "'%(token)s' is still face down (it is uncovered in round %(uncover_round)s)"
    ),
    "deploy.removed": gettext_noop(
        "'%(token)s' was removed from the game in round %(removed_round)s"
    ),
    # --- Qíahn Tactics: outfit -------------------------------------------------------
    "outfit.round_over": gettext_noop(
        "wind ended the round as a draw; no further counter may be placed ('%(counter)s' on "
        "'%(token)s')"
    ),
    "outfit.not_owned": gettext_noop(
        "%(side)s has no '%(counter)s' counter (%(side)s has %(owned)s)"
    ),
    "outfit.counter_used": gettext_noop(
        "%(side)s already used its '%(counter)s' in round %(used_round)s; every counter is "
        "used once per game"
    ),
    "outfit.sword_defending": gettext_noop(
        "sword on '%(token)s' while defending; the sword is only used by the attacker"
    ),
    "outfit.shield_attacking": gettext_noop(
        "shield on '%(token)s' while attacking; the shield is only used by the defender"
    ),
    "outfit.not_own_vanguard": gettext_noop(
        "'%(counter)s' goes on one of %(side)s's own vanguard combatants; '%(token)s' is not "
        "one (vanguard: %(vanguard)s)"
    ),
    "outfit.wind_not_enemy": gettext_noop(
        "wind goes on an enemy vanguard combatant; '%(token)s' is not one (enemy vanguard: "
        "%(vanguard)s)"
    ),
    "outfit.sent_back": gettext_noop(
        "'%(token)s' was sent back to reserve by wind; no counter can go on it"
    ),
    "outfit.gear_taken": gettext_noop(
        "'%(token)s' already carries the gear counter '%(other)s'; at most one gear per combatant"
    ),
    "outfit.magic_taken": gettext_noop(
        "'%(token)s' already carries the magic counter '%(other)s'; at most one magic per combatant"
    ),
    "outfit.copy_not_water": gettext_noop(
        "only water copies another combatant; '%(counter)s' on '%(token)s' names no copy target"
    ),
    "outfit.copy_missing": gettext_noop(
        "water on '%(token)s' must name the combatant whose dice it copies"
    ),
    "outfit.copy_self": gettext_noop("water on '%(token)s' cannot copy its own carrier"),
    "outfit.copy_not_fighting": gettext_noop(
        "water copies '%(copy)s', which does not fight this round (fighting: %(fighting)s)"
    ),
    "outfit.copy_sent_back": gettext_noop(
        "water copies '%(copy)s', which wind sent back to reserve; it does not fight"
    ),
    "outfit.wind_on_copy_target": gettext_noop(
        "wind cannot send back '%(token)s': water on '%(carrier)s' copies its dice"
    ),
    # --- Qíahn Tactics: combat -------------------------------------------------------
    "combat.rolls_missing": gettext_noop(
        "the record gives no dice for this round; fighting: %(fighting)s"
    ),
    "combat.rolls_after_wind": gettext_noop(
        "wind ended the round as a draw, so no dice are rolled, but the record gives some (%(ids)s)"
    ),
    "combat.roll_missing": gettext_noop("no dice for '%(token)s', which fights this round"),
    "combat.not_fighting": gettext_noop(
        "dice for '%(token)s', which does not fight this round (fighting: %(fighting)s)"
    ),
    "combat.face_count": gettext_noop("'%(token)s' rolls one face, the record gives %(count)s"),
    "combat.fire_faces": gettext_noop(
        "'%(token)s' carries fire and rolls two faces, the record gives %(count)s"
    ),
    "combat.water_faces": gettext_noop(
        "'%(token)s' carries water and rolls no dice (it copies '%(copy)s'), the record gives "
        "%(count)s faces"
    ),
    "combat.face_range": gettext_noop(
        "%(face)s is not a face of the d%(sides)s of '%(token)s' (%(type)s, 1 to %(sides)s)"
    ),
    # --- number of rounds ------------------------------------------------------------
    "rounds.too_many": gettext_noop(
        "the game is over after round %(last)s (squad %(squad)s), but the record has %(count)s "
        "rounds"
    ),
    "rounds.too_few": gettext_noop(
        "the record stops after round %(count)s, but a squad-%(squad)s game has %(squad)s rounds"
    ),
    # --- Goblin II ---------------------------------------------------------------------
    "goblin.catalogue": gettext_noop(
        "%(path)s: the record uses the card catalogue '%(value)s', but this site replays "
        "'%(expected)s'"
    ),
    "goblin.setup_required": gettext_noop(
        "%(path)s: in the open mode the kept special equipment is face up, so the record lists it"
    ),
    "goblin.setup_not_allowed": gettext_noop(
        "%(path)s: in the covered mode the arsenal is hidden; the record has no set-up"
    ),
    "goblin.concede_with_plays": gettext_noop("%(path)s: a turn that concedes plays no cards"),
    "setup.specials_count": gettext_noop(
        "%(side)s keeps %(count)s special equipment cards; the %(mode)s mode keeps %(expected)s"
    ),
    "setup.not_special": gettext_noop("'%(card)s' is not a special equipment card"),
    "setup.too_many_of_card": gettext_noop(
        "%(side)s keeps %(count)s '%(card)s', but the arsenal has %(limit)s"
    ),
    "goblin.rounds_too_many": gettext_noop(
        "the game ended after round %(last)s, when a troop ran out, but the record has "
        "%(count)s rounds"
    ),
    "goblin.rounds_too_few": gettext_noop(
        "the record stops after round %(count)s, but neither troop has run out (heads has "
        "%(heads_left)s cards left, tails %(tails_left)s)"
    ),
    "reveal.none": gettext_noop("%(side)s must reveal the top card of its troop"),
    "reveal.troop_empty": gettext_noop("%(side)s has no card left in its troop to reveal"),
    "reveal.card_exhausted": gettext_noop(
        "%(side)s reveals another '%(card)s', but its troop has only %(limit)s"
    ),
    "reveal.extra_not_allowed": gettext_noop(
        "%(side)s reveals more than its top card, but only a side with fewer combatants in "
        "reserve may (%(side)s %(mine)s, %(other)s %(theirs)s)"
    ),
    "reveal.extra_too_many": gettext_noop(
        "%(side)s reveals %(count)s extra cards, but may reveal at most %(allowed)s, up to "
        "%(other)s's %(theirs)s combatants in reserve"
    ),
    "vanguard.count": gettext_noop(
        "the attacker picks 1 to 3 combatants for %(owner)s's vanguard, not %(count)s"
    ),
    "vanguard.duplicate": gettext_noop("'%(token)s' is picked twice for the vanguard"),
    "vanguard.not_owner": gettext_noop("'%(token)s' is not one of %(owner)s's combatants"),
    "vanguard.not_in_reserve": gettext_noop(
        "'%(token)s' is not in %(owner)s's reserve (reserve: %(reserve)s)"
    ),
    "turn.wrong_side": gettext_noop("it is %(expected)s's turn, but the record gives %(side)s's"),
    "turn.after_passes": gettext_noop(
        "both sides passed in a row, so the card exchange is over; no further turn"
    ),
    "turn.after_air": gettext_noop(
        "air emptied a vanguard, so the round is over; no further card or turn"
    ),
    "turn.after_concede": gettext_noop("a side conceded the round; no further turn"),
    "turn.not_closed": gettext_noop(
        "the card exchange is not over: it ends when both sides pass in a row or one concedes"
    ),
    "play.used_up": gettext_noop(
        "%(side)s has already played every '%(card)s' its arsenal holds (%(limit)s)"
    ),
    "play.special_not_kept": gettext_noop(
        "'%(card)s' is not among %(side)s's kept special equipment (%(kept)s)"
    ),
    "play.specials_used_up": gettext_noop(
        "%(side)s kept %(limit)s special equipment cards and has played them all"
    ),
    "play.arsenal_used_up": gettext_noop(
        "in the covered mode %(side)s holds %(limit)s arsenal cards and has played them all"
    ),
    "play.role": gettext_noop("'%(card)s' is played only by the %(role)s"),
    "play.target_own": gettext_noop(
        "'%(card)s' goes on %(side)s's own vanguard; '%(token)s' is not there (%(own)s)"
    ),
    "play.target_enemy": gettext_noop(
        "'%(card)s' goes on the enemy vanguard; '%(token)s' is not there (%(enemy)s)"
    ),
    "play.target_any": gettext_noop(
        "'%(card)s' goes on a vanguard combatant; '%(token)s' is in neither vanguard"
    ),
    "play.equipment_taken": gettext_noop(
        "'%(token)s' already carries the equipment '%(other)s'; at most one equipment per combatant"
    ),
    "play.magic_taken": gettext_noop(
        "'%(token)s' already carries the magic '%(other)s'; at most one magic per combatant"
    ),
    "play.copy_not_allowed": gettext_noop("'%(card)s' does not copy; it names no copy target"),
    "play.copy_missing": gettext_noop("'%(card)s' must name the combatant whose value it takes"),
    "play.copy_self": gettext_noop("'%(card)s' on '%(token)s' cannot copy its own carrier"),
    "play.send_back_copied": gettext_noop(
        "'%(card)s' cannot send back '%(token)s': water on '%(carrier)s' copies its value, "
        "and water copies only a combatant that fights"
    ),
    "play.copy_not_in_vanguard": gettext_noop(
        "'%(card)s' copies '%(copy)s', which is in neither vanguard"
    ),
    "goblin.copy_required": gettext_noop(
        "%(path)s: '%(card)s' needs 'copy', the combatant whose value it takes"
    ),
    "goblin.copy_not_allowed": gettext_noop(
        "%(path)s: only a card that copies names a 'copy' target, not '%(card)s'"
    ),
    # --- Anachronism: the record's shape ------------------------------------------------
    "anachronism.catalogue": gettext_noop(
        "%(path)s: the record uses the card catalogue '%(value)s', but this site replays "
        "'%(expected)s'"
    ),
    "anachronism.unknown_warrior": gettext_noop(
        "%(path)s: '%(value)s' is not a warrior of the card catalogue"
    ),
    "anachronism.unknown_card": gettext_noop(
        "%(path)s: '%(value)s' is not a support card of the card catalogue"
    ),
    "anachronism.supports_count": gettext_noop(
        "%(path)s: a side lays down %(expected)s support cards, not %(count)s"
    ),
    "anachronism.dice_shape": gettext_noop(
        "%(path)s: expected a roll of two dice, an array of two whole numbers"
    ),
    # --- Anachronism: set-up -------------------------------------------------------------
    "anachronism.dice": gettext_noop(
        "%(dice)s is not a roll of two six-sided dice (each die 1 to 6)"
    ),
    "anachronism.no_placement_roll": gettext_noop(
        "the placement rolls are over; the warriors are placed now"
    ),
    "anachronism.placement_roll_extra": gettext_noop(
        "placement roll %(count)s already decided who places first (the lower total); "
        "no further roll"
    ),
    "anachronism.placement_roll_missing": gettext_noop(
        "the placement rolls never decide who places first: the totals must differ in the last roll"
    ),
    "anachronism.placement_unrolled": gettext_noop(
        "both sides roll before placing; the lower total places first"
    ),
    "anachronism.square": gettext_noop(
        "'%(square)s' is not a square of the %(size)s x %(size)s arena"
    ),
    "anachronism.not_back_line": gettext_noop(
        "%(side)s places its warrior on its back line (rank %(rank)s), not on '%(square)s'"
    ),
    "anachronism.assaults_too_few": gettext_noop(
        "the record stops after %(count)s assaults, but both warriors still stand"
    ),
    "anachronism.after_end_assault": gettext_noop(
        "the game is over, but the record goes on with another assault"
    ),
    "anachronism.after_end_turn": gettext_noop(
        "the game is over, but the record goes on with another turn"
    ),
    "anachronism.after_end_action": gettext_noop(
        "the game is over, but the record goes on with another action"
    ),
    # --- Anachronism: initiative and discards ---------------------------------------------
    "anachronism.no_initiative_roll": gettext_noop(
        "the initiative is not tied, so nobody rolls for it"
    ),
    "anachronism.initiative_roll_extra": gettext_noop(
        "the initiative was already decided (after %(count)s re-rolls); no further roll"
    ),
    "anachronism.initiative_roll_missing": gettext_noop(
        "the initiative and the experience are tied, so both sides re-roll until the totals "
        "differ; the record gives no deciding roll"
    ),
    "anachronism.discard_missing": gettext_noop(
        "%(side)s's face-up cards (%(in_play)s) break the card limits (one card of each type, "
        "two hands, one card per trait), so %(side)s must discard until they keep them"
    ),
    "anachronism.discard_not_needed": gettext_noop(
        "%(side)s discards '%(card)s', but its face-up cards already keep the card limits"
    ),
    "anachronism.discard_not_in_play": gettext_noop(
        "'%(card)s' is not one of %(side)s's face-up cards (%(in_play)s)"
    ),
    # --- Anachronism: turns and actions --------------------------------------------------
    "anachronism.turn_wrong_side": gettext_noop(
        "it is %(expected)s's turn, but the record gives %(side)s's"
    ),
    "anachronism.turns_too_many": gettext_noop(
        "each side has one turn per assault; the record gives %(count)s turns"
    ),
    "anachronism.turns_too_few": gettext_noop(
        "the assault is not over: %(expected)s has not taken its turn"
    ),
    "anachronism.actions_too_many": gettext_noop(
        "the turn is over after %(speed)s actions (the warrior's speed), but the record gives "
        "%(count)s"
    ),
    "anachronism.actions_too_few": gettext_noop(
        "a turn has as many actions as the warrior's speed; %(left)s more are due (pass to "
        "do nothing)"
    ),
    "anachronism.facing": gettext_noop("'%(face)s' is not a facing (north, east, south, west)"),
    "anachronism.move_orthogonal": gettext_noop(
        "'%(square)s' is not one square up, down, left or right of '%(from)s'"
    ),
    "anachronism.move_diagonal": gettext_noop(
        "'%(square)s' is not one square diagonally from '%(from)s'"
    ),
    "anachronism.move_occupied": gettext_noop("'%(square)s' is where the enemy warrior stands"),
    "anachronism.turn_same": gettext_noop(
        "the warrior already faces %(face)s; turning in place faces another way"
    ),
    "anachronism.weapon_not_in_play": gettext_noop(
        "'%(card)s' is not %(side)s's face-up weapon (weapon: %(weapon)s)"
    ),
    "anachronism.weapon_twice": gettext_noop(
        "%(side)s already attacked with a weapon this turn; one weapon attack per turn ('%(card)s')"
    ),
    "anachronism.out_of_reach": gettext_noop(
        "the enemy on '%(square)s' is not on a numbered square of the combat grid of "
        "'%(grid)s' (facing %(face)s)"
    ),
    "anachronism.reroll_not_needed": gettext_noop(
        "the attack is decided (attack %(attack)s, defence %(defense)s, or experience), so "
        "nobody re-rolls"
    ),
    "anachronism.reroll_extra": gettext_noop(
        "re-roll %(count)s already decided the tie; no further re-roll"
    ),
    "anachronism.reroll_missing": gettext_noop(
        "attack and defence tie at %(attack)s with equal experience, so both re-roll until "
        "the results differ; the record gives no deciding re-roll"
    ),
    "anachronism.ability_card": gettext_noop(
        "'%(card)s' is neither %(side)s's warrior nor one of its face-up cards"
    ),
    "anachronism.ability_not_action": gettext_noop(
        "'%(card)s' has no ability '%(ability)s' marked Action"
    ),
    "anachronism.ability_twice": gettext_noop("'%(ability)s' was already used this turn"),
    "anachronism.ability_needs_square": gettext_noop(
        "'%(ability)s' moves the warrior: the step names the square ('to') and the facing ('face')"
    ),
    "anachronism.ability_no_square": gettext_noop(
        "'%(ability)s' does not move the warrior; the step names no square or facing"
    ),
    # --- a record checked against an event's settings ---------------------------------
    "event.wrong_game": gettext_noop(
        "%(path)s: this event plays '%(expected)s', but the record is a '%(value)s' game"
    ),
    "event.wrong_setting": gettext_noop(
        "%(path)s: this event plays with %(key)s '%(expected)s', but the record has '%(value)s'"
    ),
    "event.wrong_mode": gettext_noop(
        "%(path)s: this event plays the %(expected)s mode, but the record plays the %(value)s mode"
    ),
    "event.wrong_scoring": gettext_noop(
        "%(path)s: this event scores %(expected)s, but the record scores %(value)s"
    ),
    "event.record_required": gettext_noop(
        "this event requires the game record with each reported result"
    ),
    "result.reported_mismatch": gettext_noop(
        "the reported score %(recorded)s is not what the record replays to: %(replayed)s"
    ),
    # --- end of game -----------------------------------------------------------------
    "result.mismatch": gettext_noop(
        "the record says %(recorded)s, but the replay ends %(replayed)s"
    ),
    "result.unreachable": gettext_noop(
        "%(score)s cannot be the final score of a legal %(game)s game (squad %(squad)s, "
        "%(ruleset)s)"
    ),
    "result.score_range": gettext_noop(
        "%(score)s is outside the possible scores (0 to %(limit)s per side)"
    ),
    # --- exact odds input ------------------------------------------------------------
    "odds.vanguard_size": gettext_noop(
        "the %(role)s vanguard has %(count)s combatants; a vanguard has 1 to 3"
    ),
    "odds.type": gettext_noop("'%(value)s' is not a token type (%(allowed)s)"),
    "odds.magic": gettext_noop("'%(value)s' is not a magic counter for %(side)s (%(allowed)s)"),
    "odds.magic_twice": gettext_noop("%(side)s uses its '%(counter)s' twice in one round"),
    "odds.gear_twice": gettext_noop(
        "%(role)s has one %(gear)s, but %(count)s combatants carry gear"
    ),
    "odds.copy": gettext_noop(
        "water copies %(target)s, which is not another fighting combatant this round"
    ),
    "odds.copy_missing": gettext_noop("water needs the combatant whose dice it copies"),
    "odds.wind": gettext_noop("wind targets %(target)s, which is not an enemy combatant"),
    "odds.wind_on_magic": gettext_noop(
        "wind cannot go on %(target)s, which already carries '%(other)s'"
    ),
    "odds.ruleset": gettext_noop("'%(value)s' is not a ruleset (%(allowed)s)"),
    "odds.side": gettext_noop("'%(value)s' is not a side (heads, tails)"),
    "odds.phase": gettext_noop(
        "odds are computed before the dice; the game is in the %(phase)s phase of round %(round)s"
    ),
}


def render(code: str, params: Mapping[str, Any]) -> str:
    """The English text of ``code`` with ``params`` filled in."""
    values = dict(params)
    if code == "syntax.type":
        for key in TYPE_PARAMS:
            values[key] = JSON_TYPE_LABELS.get(values.get(key), values.get(key))
    return MESSAGES[code] % values


def place_template(round_: int | None, phase: str | None, side: str | None) -> str:
    """The key of :data:`PLACE_TEMPLATES` that writes this place."""
    if round_ is None:
        return "phase-side" if side is not None and phase in ASSAULT_PHASES else "phase"
    kind = "assault" if phase in ASSAULT_PHASES else "round"
    return f"{kind}-phase" if side is None else f"{kind}-phase-side"


def render_place(round_: int | None, phase: str | None, side: str | None) -> str:
    """The English text of a place, e.g. ``round 2, outfit, tails``."""
    phase_text = PHASE_LABELS.get(phase or "", phase or "")
    return PLACE_TEMPLATES[place_template(round_, phase, side)] % {
        "round": round_,
        "phase": phase_text,
        "side": SIDE_LABELS.get(side, side),
    }
