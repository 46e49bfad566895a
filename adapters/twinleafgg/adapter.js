'use strict';
// ptcg-asp's reference adapter for twinleafgg: interchange cases in, answers out (JSON Lines).
//
//   node adapter.js /path/to/twinleafgg < prepared.jsonl > out.jsonl
//
// Each input line is {id, case, cards} (twinleaf.py writes it: `cards` is what ptcg-asp's library
// says of each card the case names). Each output line is an answer {id, legal, resolutions?, moved?,
// engine} or {id, skipped: REASON}. The state is set up with twinleafgg's own card classes, found by
// name, on the Store of its test harness (src/sets/tests/test-helpers.ts); the action is dispatched
// as its tests do; a GameError thrown by the dispatch is "illegal". Prompts are answered by replay:
// every run of the case takes the choices of a prefix and the first option afterwards, and each
// decision point with more options queues the other branches, so every leaf is one run.
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const MAX_LEAVES = 400;      // runs per case; past that, `resolutions` and `moved` are not given
const MAX_SUBSETS = 200;     // selections one choose-cards / choose-Pokémon prompt may have to be enumerated
const PILES = ['hand', 'deck', 'discard', 'lost_zone'];

// ---- the engine --------------------------------------------------------------------------------

function boot(checkout) {
  const root = path.join(checkout, 'ptcg-server');
  require(path.join(root, 'node_modules/ts-node')).register({
    transpileOnly: true, project: path.join(root, 'tsconfig.json'),
  });
  // The checkout holds one stray compiled file (src/sets/.../exp-share.js) that Node would load instead
  // of its .ts source: look for .ts before .js.
  const js = require.extensions['.js'];
  delete require.extensions['.js'];
  require.extensions['.js'] = js;
  const game = require(path.join(root, 'src/game'));
  const helpers = require(path.join(root, 'src/sets/tests/test-helpers.ts'));
  // Every set in the CardManager, as the server's start.js does: some cards consult it (the Scarlet &
  // Violet Rare Candy looks for the Stage 1 between a Basic and a Stage 2 among all known cards).
  // About 2 minutes the first time, seconds once ts-node's cache holds the compiled files.
  const sets = require(path.join(root, 'src/sets'));
  const manager = game.CardManager.getInstance();
  for (const cards of Object.values(sets)) {
    if (!Array.isArray(cards) || !cards.length || !(cards[0] instanceof game.Card)) continue;
    try { manager.defineSet(cards); } catch (e) { if (!/Multiple cards/.test(e.message)) throw e; }
  }
  const commit = (() => {
    try {
      const head = fs.readFileSync(path.join(checkout, '.git/HEAD'), 'utf8').trim();
      if (!head.startsWith('ref: ')) return head;
      return fs.readFileSync(path.join(checkout, '.git', head.slice(5)), 'utf8').trim();
    } catch (e) { return 'unknown'; }
  })();
  const env = { root, game, helpers, engine: 'twinleafgg ' + commit.slice(0, 12), index: cardFiles(root), loaded: new Map(), hops: null };
  logTransfers(env);
  controlCoins(env);
  return env;
}

// Every card the CardLists move, with the list it leaves and the one it joins, while env.hops is an array
// (a card can go hand -> deck -> hand in one effect: Iono; counting where it ends would miss both moves).
function logTransfers(env) {
  const { CardList } = env.game;
  const wrap = (proto, name, cardsOf) => {
    const inner = proto[name];
    proto[name] = function (...args) {
      if (!env.hops) return inner.apply(this, args);
      const cards = cardsOf(this, args).filter(c => this.cards.includes(c));
      const r = inner.apply(this, args);
      const to = args[args.length - 1];
      for (const c of cards) if (to && to.cards && to.cards.includes(c)) env.hops.push({ card: c, from: this, to });
      return r;
    };
  };
  wrap(CardList.prototype, 'moveTo', (list, [, count]) => list.cards.slice(0, count === undefined ? list.cards.length : count));
  wrap(CardList.prototype, 'moveCardsTo', (list, [cards]) => cards.slice());
}

// twinleafgg flips a coin with Math.random() (RESOLVE_COIN_FLIP_EFFECT), not through a prompt: while a run
// is on, each flip asks env.coin() for its result, a decision of chance that the replay enumerates.
function controlCoins(env) {
  const mod = require(path.join(env.root, 'src/game/store/prefabs/attack-coin-reflip.ts'));
  const inner = mod.RESOLVE_COIN_FLIP_EFFECT;
  mod.RESOLVE_COIN_FLIP_EFFECT = function (store, state, effect) {
    if (!env.coin) return inner(store, state, effect);
    const heads = env.coin();
    const random = Math.random;
    Math.random = () => (heads ? 0.25 : 0.75);   // its first call decides: < 0.5 is heads
    try { return inner(store, state, effect); } finally { Math.random = random; }
  };
}

// name -> the source files that declare a card of that name (`public name = '...'`)
function cardFiles(root) {
  const index = new Map();
  const re = /public name(?:\s*:\s*string)?\s*=\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) { if (entry.name !== 'tests') walk(full); continue; }
      if (!entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) continue;
      const text = fs.readFileSync(full, 'utf8');
      let m;
      re.lastIndex = 0;
      while ((m = re.exec(text)) !== null) {
        const name = (m[1] !== undefined ? m[1] : m[2]).replace(/\\(.)/g, '$1');
        if (!index.has(name)) index.set(name, new Set());
        index.get(name).add(full);
      }
    }
  };
  walk(path.join(root, 'src/sets'));
  return index;
}

// every card class of that name: [{make, card, file}]
function prints(env, name) {
  const out = [];
  for (const file of env.index.get(name) || []) {
    if (!env.loaded.has(file)) {
      const found = [];
      let mod = {};
      try { mod = require(file); } catch (e) { mod = {}; }
      for (const value of Object.values(mod)) {
        if (typeof value !== 'function') continue;
        let card;
        try { card = new value(); } catch (e) { continue; }
        if (card instanceof env.game.Card) found.push({ make: () => new value(), card, file });
      }
      env.loaded.set(file, found);
    }
    for (const p of env.loaded.get(file)) if (p.card.name === name) out.push(p);
  }
  // newest series first: 11-mega-evolution, 10-scarlet-and-violet, 09-..., then the older set-* folders
  const rank = (p) => { const m = /src\/sets\/(\d\d)-/.exec(p.file); return m ? Number(m[1]) : 0; };
  return out.sort((a, b) => rank(b) - rank(a) || a.card.fullName.localeCompare(b.card.fullName));
}

const TRAINER_TYPES = { item: 'ITEM', supporter: 'SUPPORTER', stadium: 'STADIUM', tool: 'TOOL' };

// The twinleafgg card class for one of the case's cards, or a reason it has none.
function findCard(env, info, acting) {
  const { SuperType, TrainerType, EnergyType } = env.game;
  if (info.test_card) return { reason: `"${info.name}" is a test card of the case` };
  if (info.unknown) return { reason: `"${info.name}": ${info.unknown}` };
  let name = info.name;
  if (info.kind === 'basic_energy') name = name.replace(/^Basic /, '');
  let cands = prints(env, name);
  if (info.kind === 'pokemon') {
    cands = cands.filter(p => p.card.superType === SuperType.POKEMON);
    const wanted = [info.print, ...(info.prints || [])].filter(Boolean).map(s => s.split(' '));
    const exact = cands.find(p => wanted.some(([set, num]) =>
      p.card.set === set && Number(p.card.setNumber) === Number(num)));
    if (exact) return exact;
    const same = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
    const powers = (p) => (p.card.powers || []).map(a => a.name);
    const twin = cands.find(p => p.card.hp === info.hp && same((p.card.attacks || []).map(a => a.name), info.attacks)
      && same(powers(p), info.abilities));
    if (twin) return twin;
    if (!acting) {
      const { CardType, Stage } = env.game;
      const type = (t) => CardType[t.toUpperCase()];
      const stage = { basic: Stage.BASIC, stage1: Stage.STAGE_1, stage2: Stage.STAGE_2 }[info.stage];
      const bystander = cands.find(p => p.card.hp === info.hp && stage !== undefined && p.card.stage === stage
        && info.abilities.length === 0 && powers(p).length === 0
        && same([p.card.cardType], info.types.map(type))
        && (p.card.retreat || []).length === info.retreat
        && same((p.card.weakness || []).map(w => w.type), info.weakness.map(type))
        && same((p.card.resistance || []).map(w => w.type), info.resistance.map(type))
        && (p.card.evolvesFrom || null) === (info.evolves_from || null));
      if (bystander) return bystander;
    }
    return { reason: `no twinleafgg print of ${info.name} ${info.print || ''} (nor one with its HP, attacks and Abilities${acting ? '' : ', nor a plain one with its stage, HP, type, Weakness, Resistance, Retreat Cost'})` };
  }
  if (TRAINER_TYPES[info.kind]) {
    cands = cands.filter(p => p.card.superType === SuperType.TRAINER && p.card.trainerType === TrainerType[TRAINER_TYPES[info.kind]]);
  } else if (info.kind === 'basic_energy' || info.kind === 'special_energy') {
    const et = info.kind === 'basic_energy' ? EnergyType.BASIC : EnergyType.SPECIAL;
    cands = cands.filter(p => p.card.superType === SuperType.ENERGY && p.card.energyType === et);
  } else {
    return { reason: `"${info.name}" is a ${info.kind}, which the adapter does not map` };
  }
  return cands[0] || { reason: `twinleafgg has no ${info.kind} card named "${name}"` };
}

// ---- the state ---------------------------------------------------------------------------------

class Skip extends Error {}
class Stuck extends Error {}

// A card of unknown identity (a bare number in a card list): it fits no filter, but counts for sizes.
function makeFiller(env) {
  const { Card, SuperType, Format } = env.game;
  class Unspecified extends Card {
    constructor() {
      super();
      this.set = 'UNSPECIFIED'; this.superType = SuperType.NONE; this.format = Format.NONE;
      this.name = 'unspecified card'; this.fullName = 'unspecified card';
    }
    reduceEffect(store, state) { return state; }
  }
  return () => new Unspecified();
}

function builder(env, line) {
  let nextId = 1000;
  const classes = {};
  for (const [name, info] of Object.entries(line.cards)) classes[name] = findCard(env, info, (line.acting || []).includes(name));
  const filler = makeFiller(env);
  const card = (name) => {
    const found = classes[name];
    if (!found || !found.make) throw new Skip(found ? found.reason : `no card data for "${name}"`);
    const c = found.make();
    c.id = nextId++;
    return c;
  };
  const list = (entries, into) => {
    for (const entry of entries || []) {
      if (typeof entry === 'number') { for (let i = 0; i < entry; i++) { const f = filler(); f.id = nextId++; into.push(f); } }
      else for (let i = 0; i < (entry.count || 1); i++) into.push(card(entry.card));
    }
  };
  return { card, list };
}

const CONDITIONS = { asleep: 'ASLEEP', paralyzed: 'PARALYZED', confused: 'CONFUSED', poisoned: 'POISONED', burned: 'BURNED' };

function buildSpot(env, b, slot, spot, turn) {
  if (spot === null || spot === undefined) return;
  if (typeof spot === 'string') spot = { card: spot };
  const known = ['card', 'evolved_from', 'damage', 'energy', 'tool', 'conditions', 'new_this_turn', 'evolved_this_turn', 'effects'];
  for (const key of Object.keys(spot)) if (!known.includes(key)) throw new Skip(`a Pokémon in play with "${key}"`);
  if ((spot.effects || []).length) throw new Skip(`lasting effects on a Pokémon (${spot.effects.join(', ')})`);
  for (const name of spot.evolved_from || []) slot.cards.push(b.card(typeof name === 'string' ? name : name.card));
  const top = b.card(spot.card);
  if (!(top instanceof env.game.PokemonCard)) throw new Skip(`"${spot.card}" in play is not a Pokémon card in twinleafgg`);
  slot.cards.push(top);
  slot.hp = top.hp;
  slot.damage = spot.damage || 0;
  const energy = [];
  b.list(spot.energy, energy);
  for (const e of energy) { slot.cards.push(e); slot.energies.cards.push(e); }
  if (spot.tool) { const t = b.card(spot.tool); slot.cards.push(t); slot.tools.push(t); }
  for (const c of spot.conditions || []) slot.addSpecialCondition(env.game.SpecialCondition[CONDITIONS[c]]);
  if (spot.new_this_turn || spot.evolved_this_turn) slot.pokemonPlayedTurn = turn;
}

function buildPlayer(env, b, index, side, turn) {
  const { Player, PokemonCardList, CardList } = env.game;
  const known = ['active', 'bench', 'hand', 'deck', 'discard', 'lost_zone', 'prizes', 'used_this_turn', 'first_turn'];
  for (const key of Object.keys(side)) if (!known.includes(key)) throw new Skip(`a player's "${key}"`);
  const player = new Player();
  player.id = index + 1;
  player.bench = [];
  for (let i = 0; i < 5; i++) { const s = new PokemonCardList(); s.isPublic = true; player.bench.push(s); }
  for (const zone of ['active', 'discard', 'lostzone', 'stadium', 'supporter']) player[zone].isPublic = true;
  if ((side.bench || []).length > 5) throw new Skip('a Bench of more than 5');
  buildSpot(env, b, player.active, side.active, turn);
  (side.bench || []).forEach((spot, i) => buildSpot(env, b, player.bench[i], spot, turn));
  b.list(side.hand, player.hand.cards);
  b.list(side.deck, player.deck.cards);
  b.list(side.discard, player.discard.cards);
  b.list(side.lost_zone, player.lostzone.cards);
  const prizes = [];
  if (typeof side.prizes === 'number') b.list([side.prizes], prizes);
  else {
    if ((side.prizes || []).some(p => typeof p === 'object' && p.face_up)) throw new Skip('face-up Prize cards');
    b.list(side.prizes, prizes);
  }
  player.prizes = prizes.map(c => { const l = new CardList(); l.isSecret = true; l.cards.push(c); return l; });
  for (const used of side.used_this_turn || []) {
    if (used === 'supporter') { player.supporterTurn = 1; const f = makeFiller(env)(); f.id = 999; player.supporter.cards.push(f); }
    else if (used === 'energy') player.energyPlayedTurn = turn;
    else if (used === 'retreat') player.retreatedTurn = turn;
    else if (used === 'stadium') player.stadiumPlayedTurn = turn;
    else if (used === 'gx') player.usedGX = true;
    else if (used === 'vstar') player.usedVSTAR = true;
    else throw new Skip(`used_this_turn "${used}"`);
  }
  return player;
}

// A fresh game in the case's state: {store, state, handler}
function setUp(env, line) {
  const c = line.case;
  if ((c.ruleset || 'standard') !== 'standard') throw new Skip(`ruleset ${c.ruleset}: twinleafgg plays the modern rules`);
  const st = c.state;
  const known = ['turn', 'me', 'opp', 'stadium'];
  for (const key of Object.keys(st)) if (!known.includes(key)) throw new Skip(`state "${key}"`);
  const turn = st.turn;
  for (const side of ['me', 'opp']) {
    const ft = st[side].first_turn;
    const byTurn = side === 'me' ? turn <= 2 : turn <= 1;
    if (ft !== undefined && ft !== null && ft !== byTurn) throw new Skip(`${side}.first_turn ${ft} on turn ${turn}`);
  }
  const b = builder(env, line);
  const game = env.helpers.setupGame({ turn, player1: { active: { card: 'Ralts SIT' } }, player2: { active: { card: 'Ralts SIT' } } });
  const players = [buildPlayer(env, b, 0, st.me, turn), buildPlayer(env, b, 1, st.opp, turn)];
  game.state.players = players;
  game.state.turn = turn;
  game.state.activePlayer = 0;
  if (st.stadium) {
    const owner = st.stadium.owner === 'opp' ? players[1] : players[0];
    owner.stadium.cards.push(b.card(st.stadium.card));
  }
  return { store: game.store, state: game.state, handler: game.store.handler };
}

// ---- positions, zones, moves -------------------------------------------------------------------

function target(env, pos) {
  const { PlayerType, SlotType } = env.game;
  const m = /^(opp\.)?(active|bench\.(\d))$/.exec(pos || 'active');
  if (!m) throw new Skip(`position ${pos}`);
  return { player: m[1] ? PlayerType.TOP_PLAYER : PlayerType.BOTTOM_PLAYER,
    slot: m[3] === undefined ? SlotType.ACTIVE : SlotType.BENCH, index: m[3] === undefined ? 0 : Number(m[3]) };
}

// card -> {zone, holder}: where every card of both players is (holder: the bottom card of its Pokémon)
function where(state) {
  const at = new Map();
  state.players.forEach((p, i) => {
    const pre = i === 0 ? '' : 'opp.';
    const piles = { hand: p.hand, deck: p.deck, discard: p.discard, lost_zone: p.lostzone, stadium: p.stadium, supporter: p.supporter };
    for (const [zone, l] of Object.entries(piles)) for (const c of l.cards) at.set(c, { zone: pre + zone });
    for (const l of p.prizes) for (const c of l.cards) at.set(c, { zone: pre + 'prizes' });
    [p.active, ...p.bench].forEach((slot, s) => {
      const spot = s === 0 ? 'active' : 'bench';
      const bottom = slot.cards[0];
      for (const c of slot.cards) {
        const pokemon = !slot.energies.cards.includes(c) && !slot.tools.includes(c);
        at.set(c, { zone: pre + (pokemon ? spot : 'attached'), holder: bottom, bottom: c === bottom });
      }
    });
  });
  return at;
}

const REPORTED = /^(opp\.)?(hand|deck|discard|lost_zone|prizes|stadium|active|bench|attached)$/;

// list -> pile name, for the piles of both players (Pokémon in play are not piles)
function piles(state) {
  const at = new Map();
  state.players.forEach((p, i) => {
    const pre = i === 0 ? '' : 'opp.';
    const named = { hand: p.hand, deck: p.deck, discard: p.discard, lost_zone: p.lostzone, stadium: p.stadium, supporter: p.supporter };
    for (const [zone, l] of Object.entries(named)) at.set(l, pre + zone);
    for (const l of p.prizes) at.set(l, pre + 'prizes');
  });
  return at;
}

// FROM>TO -> count of the logged moves between piles (a move through a list that is no pile, such as the
// cards looked at, counts from the pile it left to the pile it reached); the cards it covers
function pileMoves(hops, pileOf, acting) {
  const out = {};
  const covered = new Set();
  let unsure = false;
  const byCard = new Map();
  for (const h of hops) { if (!byCard.has(h.card)) byCard.set(h.card, []); byCard.get(h.card).push(h); }
  for (const [card, list] of byCard) {
    if (card === acting) continue;
    let start = pileOf.get(list[0].from);
    if (start === undefined) continue;
    // a card that goes into or comes out of play is left to `moves` (where it was before and after)
    if (list.some(h => h.from.constructor.name === 'PokemonCardList' || h.to.constructor.name === 'PokemonCardList')) continue;
    for (const h of list) {
      const to = pileOf.get(h.to);
      if (to === undefined || to === start) continue;
      if (REPORTED.test(start) && REPORTED.test(to) && start.startsWith('opp.') === to.startsWith('opp.')) {
        out[start + '>' + to] = (out[start + '>' + to] || 0) + 1;
      } else {
        unsure = true;     // the supporter zone, or from one player's piles to the other's
      }
      start = to;
    }
    covered.add(card);
  }
  return { out, covered, unsure };
}

// FROM>TO -> count, for the cards that changed place (`acting`: the card the action plays: not counted)
function moves(before, after, acting, logged) {
  const out = Object.assign({}, logged ? logged.out : {});
  let unsure = logged ? logged.unsure : false;
  for (const [c, from] of before) {
    if (c === acting || (logged && logged.covered.has(c))) continue;
    const to = after.get(c);
    if (!to) { unsure = true; continue; }
    if (from.zone === to.zone && from.zone.endsWith('attached') && from.holder !== to.holder) {
      out[from.zone + '>' + to.zone] = (out[from.zone + '>' + to.zone] || 0) + 1;
      continue;
    }
    if (from.zone === to.zone) continue;
    const inPlay = (z) => /(active|bench)$/.test(z.zone);
    if (inPlay(from) && inPlay(to) && !from.bottom) continue;      // the cards under a Pokémon move with it
    if (inPlay(from) && !inPlay(to) && !to.zone.endsWith('attached')) { unsure = true; continue; }
    if (!REPORTED.test(from.zone) || !REPORTED.test(to.zone)) { unsure = true; continue; }
    if (from.zone.startsWith('opp.') !== to.zone.startsWith('opp.')) { unsure = true; continue; }
    const key = from.zone + '>' + to.zone.replace(/^opp\./, from.zone.startsWith('opp.') ? 'opp.' : '');
    out[key] = (out[key] || 0) + 1;
  }
  return { moved: out, unsure };
}

// ---- prompts -----------------------------------------------------------------------------------

// multisets of size min..max over the selectable cards (one representative index set each)
function cardSelections(prompt) {
  const groups = new Map();
  prompt.cards.cards.forEach((c, i) => {
    if (prompt.options.blocked.includes(i)) return;
    let ok = false;
    try { ok = prompt.matchesFilter(c); } catch (e) { ok = false; }
    if (!ok) return;
    if (!groups.has(c.fullName)) groups.set(c.fullName, []);
    groups.get(c.fullName).push(i);
  });
  const names = [...groups.keys()].sort();
  const out = [];
  const max = Math.min(prompt.options.max, prompt.cards.cards.length);
  const rec = (k, picked, size) => {
    if (out.length > MAX_SUBSETS) return;
    if (k === names.length) {
      if (size >= prompt.options.min && size <= max) out.push(picked.slice());
      return;
    }
    const idx = groups.get(names[k]);
    for (let n = 0; n <= idx.length && size + n <= max; n++) {
      const take = idx.slice(0, n);
      rec(k + 1, picked.concat(take), size + n);
    }
  };
  rec(0, [], 0);
  return out.length > MAX_SUBSETS ? null : out;
}

function pokemonSelections(env, state, prompt) {
  const { PlayerType, SlotType } = env.game;
  const me = state.players.find(p => p.id === prompt.playerId);
  const opp = state.players.find(p => p.id !== prompt.playerId);
  const key = t => `${t.player}-${t.slot}-${t.index}`;
  const blocked = new Set(prompt.options.blocked.map(key));
  const targets = [];
  for (const [pt, p] of [[PlayerType.BOTTOM_PLAYER, me], [PlayerType.TOP_PLAYER, opp]]) {
    if (prompt.playerType !== PlayerType.ANY && prompt.playerType !== pt) continue;
    if (prompt.slots.includes(SlotType.ACTIVE) && p.active.cards.length) targets.push({ player: pt, slot: SlotType.ACTIVE, index: 0 });
    if (prompt.slots.includes(SlotType.BENCH)) p.bench.forEach((s, i) => { if (s.cards.length) targets.push({ player: pt, slot: SlotType.BENCH, index: i }); });
  }
  const free = targets.filter(t => !blocked.has(key(t)));
  const out = [];
  const rec = (k, picked) => {
    if (out.length > MAX_SUBSETS) return;
    if (picked.length >= prompt.options.min && picked.length <= prompt.options.max) out.push(picked.slice());
    for (let i = k; i < free.length && picked.length < prompt.options.max; i++) rec(i + 1, picked.concat([free[i]]));
  };
  rec(0, []);
  return out.length > MAX_SUBSETS ? null : out;
}

// The options of one prompt: [{result (raw), key (null: chance)}], or null when it is not enumerated.
function options(env, state, prompt) {
  const g = env.game;
  if (prompt instanceof g.CoinFlipPrompt) return [{ raw: true, key: null }, { raw: false, key: null }];
  if (prompt instanceof g.ChooseCardsPrompt) {
    const sel = cardSelections(prompt);
    if (sel === null) return null;
    const opts = sel.map(ix => ({ raw: ix, key: 'cards:' + ix.map(i => prompt.cards.cards[i].fullName).sort().join('+') }));
    if (prompt.options.allowCancel) opts.push({ raw: null, key: 'cards:', cancel: true });
    return opts;
  }
  if (prompt instanceof g.ChoosePokemonPrompt) {
    const sel = pokemonSelections(env, state, prompt);
    if (sel === null) return null;
    // A Pokémon chosen is keyed by what it is (its cards, damage, Special Conditions), not by its spot:
    // choosing one of two identical Benched Pokémon is one resolution.
    const what = (t) => {
      const owner = t.player === g.PlayerType.BOTTOM_PLAYER ? state.players.find(p => p.id === prompt.playerId) : state.players.find(p => p.id !== prompt.playerId);
      const slot = t.slot === g.SlotType.ACTIVE ? owner.active : owner.bench[t.index];
      return `${t.player}-${t.slot}:${slot.cards.map(c => c.fullName).join(',')}:${slot.damage}:${slot.specialConditions.join(',')}`;
    };
    const opts = sel.map(ts => ({ raw: ts, key: 'pokemon:' + ts.map(what).sort().join('+') }));
    if (prompt.options.allowCancel) opts.push({ raw: null, key: 'pokemon:', cancel: true });
    return opts;
  }
  if (prompt instanceof g.ConfirmPrompt) return [{ raw: true, key: 'yes' }, { raw: false, key: 'no' }];
  if (prompt instanceof g.SelectPrompt || prompt instanceof g.SelectOptionPrompt) {
    return prompt.values.map((v, i) => ({ raw: i, key: 'option:' + i }));
  }
  if (prompt instanceof g.AlertPrompt || prompt instanceof g.ShowCardsPrompt || prompt instanceof g.ConfirmCardsPrompt) {
    return [{ raw: true, key: null }];
  }
  if (prompt instanceof g.WaitPrompt) return [{ raw: true, key: null }];   // an animation pause (the harness answers true)
  return null;
}

// One run: the case set up afresh, the action dispatched, prompts answered by `prefix` then option 0.
function runOnce(env, line, prefix) {
  const game = setUp(env, line);
  const { store, state, handler } = game;
  const decisions = [];     // [{count, key}]
  let enumerated = true;
  let promptCount = 0;
  env.coin = () => {
    const k = decisions.length;
    const pick = k < prefix.length ? prefix[k] : 0;
    decisions.push({ count: 2, key: null });
    return pick === 0;
  };
  handler.onStateChange = (st) => {
    for (const prompt of st.prompts.filter(p => p.result === undefined)) {
      promptCount++;
      if (process.env.TWINLEAF_DEBUG) process.stderr.write(`prompt ${prompt.type} ${prompt.playerId} ${JSON.stringify(prompt.values || prompt.message || "")}\n`);
      let action;
      const arbiter = handler.arbiter.resolvePrompt(st, prompt);
      const opts = arbiter && !(prompt instanceof env.game.CoinFlipPrompt) ? null : options(env, st, prompt);
      const valid = (opts || []).filter(o => {
        try { return prompt.validate(prompt.decode(o.raw, st), st) !== false; } catch (e) { return false; }
      });
      if (opts && valid.length) {
        const k = decisions.length;
        const pick = k < prefix.length ? prefix[k] : 0;
        decisions.push({ count: valid.length, key: valid[pick].key, cancel: !!valid[pick].cancel });
        action = new env.game.ResolvePromptAction(prompt.id, prompt.decode(valid[pick].raw, st));
      } else if (opts) {
        // No answer the adapter enumerates passes the prompt's validate: the game cannot go on. Whether
        // the engine or the adapter's enumeration is at fault is not known, so the case is skipped.
        throw new Stuck(`stuck: no answer the adapter enumerates satisfies twinleafgg's "${prompt.type}" prompt`);
      } else if (arbiter) {
        // Not validated: ShuffleDeckPrompt.validate sorts the indices as strings and so refuses the
        // identity order of a deck of 11 cards or more.
        action = new env.game.ResolvePromptAction(prompt.id, prompt.decode(arbiter.result, st), arbiter.log);
      } else {
        enumerated = false;     // the harness's own answer: one selection, not all of them
        if (process.env.TWINLEAF_DEBUG) process.stderr.write(`not enumerated: ${prompt.type}\n`);
        action = handler.decodeAndValidatePromptResult(st, prompt, handler.resolveRawPromptResult(st, prompt));
      }
      store.dispatch(action);
    }
  };
  const act = line.case.action;
  const kind = Object.keys(act)[0];
  const me = state.players[0];
  const g = env.game;
  let acting = null;
  let dispatch;
  if (kind === 'play' || kind === 'attach' || kind === 'evolve') {
    const spec = typeof act[kind] === 'string' ? { card: act[kind] } : act[kind];
    const name = spec.card;
    const found = findCard(env, line.cards[name], (line.acting || []).includes(name));
    acting = found.card ? me.hand.cards.find(c => c.fullName === found.card.fullName) : undefined;
    if (!acting) throw new Skip(`"${name}" not in the hand`);
    const to = target(env, spec.to || spec.onto || 'active');
    dispatch = () => store.dispatch(new g.PlayCardAction(me.id, me.hand.cards.indexOf(acting), to));
  } else if (kind === 'attack') {
    const top = me.active.getPokemonCard();
    if (!top || !(top.attacks || []).some(a => a.name === act.attack.name)) throw new Skip(`twinleafgg's ${top ? top.fullName : 'Active'} has no attack "${act.attack.name}"`);
    dispatch = () => store.dispatch(new g.AttackAction(me.id, act.attack.name));
  } else if (kind === 'retreat') {
    const m = /^bench\.(\d)$/.exec(act.retreat.to || '');
    if (!m) throw new Skip(`retreat to ${act.retreat.to}`);
    dispatch = () => store.dispatch(new g.RetreatAction(me.id, Number(m[1])));
  } else if (kind === 'ability') {
    const t = target(env, act.ability.pokemon);
    const slot = t.slot === g.SlotType.ACTIVE ? me.active : me.bench[t.index];
    const top = slot.getPokemonCard();
    if (!top || !(top.powers || []).some(a => a.name === act.ability.name)) throw new Skip(`twinleafgg's ${top ? top.fullName : 'Pokémon'} has no Ability "${act.ability.name}"`);
    dispatch = () => store.dispatch(new g.UseAbilityAction(me.id, act.ability.name, t));
  } else {
    throw new Skip(`action "${kind}" is not one twinleafgg's store takes`);
  }
  const before = where(state);
  const pileOf = piles(state);
  const turn = state.turn;
  env.hops = [];
  try {
    dispatch();
  } catch (error) {
    env.hops = null;
    env.coin = null;
    const refused = error instanceof g.GameError;
    return { error, refused, upfront: refused && decisions.length === 0 && promptCount === 0, decisions, enumerated };
  }
  const pending = state.prompts.some(p => p.result === undefined);
  const logged = pileMoves(env.hops, pileOf, acting);
  env.hops = null;
  env.coin = null;
  const { moved, unsure } = moves(before, where(state), acting, logged);
  // Still in the hand and nothing changed place, or an Ability whose prompt was cancelled and that moved
  // nothing: the player backed out.
  const still = !Object.keys(moved).length && !unsure;
  const backedOut = still && ((acting !== null && me.hand.cards.includes(acting))
    || (kind === 'ability' && decisions.some(d => d.cancel)));
  // An action that ends the turn (an attack, Boxed Order) goes on into the opponent's turn and its
  // draw: what moved is then not the action's alone.
  const passed = state.turn !== turn;
  return { done: !pending && !backedOut, decisions, enumerated, moved, unsure: unsure || passed || kind === 'attack' || kind === 'evolve' };
}

// twinleafgg's second gate: whether its client would offer the card (Player.playableCardIds, which the
// Store computes with CAN_PLAY_CARD and each card's canPlay); the Store itself does not ask canPlay.
function playable(env, line) {
  const act = line.case.action;
  const kind = Object.keys(act)[0];
  if (!['play', 'attach', 'evolve'].includes(kind)) return undefined;
  const { store, state } = setUp(env, line);
  const name = typeof act[kind] === 'string' ? act[kind] : act[kind].card;
  const found = findCard(env, line.cards[name], (line.acting || []).includes(name));
  const me = state.players[0];
  const card = found.card && me.hand.cards.find(c => c.fullName === found.card.fullName);
  if (!card) return undefined;
  store.calculatePlayability(state);
  return me.playableCardIds.includes(card.id);
}

// Every leaf of the case: the answer line.
function answer(env, line) {
  const out = leavesAnswer(env, line);
  if (out.legal !== undefined) {
    const p = playable(env, line);
    if (p !== undefined) out.playable = p;
  }
  return out;
}

function leavesAnswer(env, line) {
  const stack = [[]];
  const leaves = [];
  let complete = true;
  while (stack.length) {
    if (leaves.length >= MAX_LEAVES) { complete = false; break; }
    const prefix = stack.pop();
    const leaf = runOnce(env, line, prefix);
    leaves.push(leaf);
    if (process.env.TWINLEAF_DEBUG) {
      process.stderr.write(`${line.id} [${prefix}] done=${leaf.done} ${leaf.error ? leaf.error.message : ''} `
        + `${leaf.decisions.map(d => (d.cancel ? 'CANCEL ' : '') + d.key + '/' + d.count).join(' ')} ${JSON.stringify(leaf.moved || {})}\n`);
    }
    for (let d = leaf.decisions.length - 1; d >= prefix.length; d--) {
      for (let j = leaf.decisions[d].count - 1; j >= 1; j--) {
        stack.push(leaf.decisions.slice(0, d).map((x, i) => (i < prefix.length ? prefix[i] : 0)).concat([j]));
      }
    }
  }
  const first = leaves[0];
  if (first.upfront) return { id: line.id, legal: false, engine: env.engine, refused: first.error.message };
  const done = leaves.filter(l => l.done);
  const stuck = leaves.find(l => l.error instanceof Stuck);
  if (stuck && !done.length) return { id: line.id, skipped: stuck.error.message };
  const crashed = leaves.filter(l => l.error && !l.refused);
  if (!done.length && crashed.length) return { id: line.id, skipped: `twinleafgg failed: ${String(crashed[0].error && crashed[0].error.stack || crashed[0].error).split('\n').slice(0, 2).join(' ')}` };
  const out = { id: line.id, legal: done.length > 0, engine: env.engine };
  if (!done.length) { out.refused = (leaves.find(l => l.refused) || {}).error?.message || 'every resolution backed out'; return out; }
  const byCancel = done.filter(l => l.decisions.some(d => d.cancel)).length;
  if (byCancel) out.cancelled = byCancel;
  if (complete && !crashed.length && leaves.every(l => l.enumerated)) {
    out.resolutions = new Set(done.map(l => l.decisions.filter(d => d.key !== null).map(d => d.key).join('|'))).size;
    if (done.every(l => !l.unsure)) {
      const keys = new Set(done.flatMap(l => Object.keys(l.moved)));
      out.moved = {};
      for (const k of [...keys].sort()) out.moved[k] = [...new Set(done.map(l => l.moved[k] || 0))].sort((a, b) => a - b);
    }
  }
  return out;
}

function main() {
  const checkout = process.argv[2] || process.env.TWINLEAFGG;
  if (!checkout) { process.stderr.write('usage: node adapter.js TWINLEAFGG_CHECKOUT < prepared.jsonl\n'); process.exit(2); }
  // Card code logs to the console: keep stdout for the answers.
  const quiet = (...args) => process.stderr.write(args.map(String).join(' ') + '\n');
  console.log = quiet; console.info = quiet; console.debug = quiet;
  const env = boot(checkout);
  const rl = readline.createInterface({ input: process.stdin });
  const lines = [];
  rl.on('line', (text) => { if (text.trim()) lines.push(JSON.parse(text)); });
  rl.on('close', () => {
    for (const line of lines) {
      let out;
      try { out = answer(env, line); } catch (error) {
        out = error instanceof Skip ? { id: line.id, skipped: error.message }
          : { id: line.id, skipped: `adapter or engine error: ${String(error && error.message || error).split('\n')[0]}` };
      }
      process.stdout.write(JSON.stringify(out) + '\n');
    }
  });
}

if (require.main === module) main();
module.exports = { boot, answer, findCard };
