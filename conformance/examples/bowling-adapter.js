#!/usr/bin/env node
// Bowling Solitaire for the elevenes conformance suite, in plain Node.js (no dependencies).
//
// Speaks the JSON-lines adapter protocol of docs/protocol.md on standard input/output; the
// game follows rulebook/bowling-solitaire/rules.md and the formats of
// docs/formats/bowling-solitaire.md.
//
//   elevenes conform --game bowling-solitaire --adapter "node conformance/examples/bowling-adapter.js"
'use strict';

const readline = require('readline');

const GAME = 'bowling-solitaire';
const SPOTS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];
const BACK_ROW = new Set(['A', 'B', 'C', 'D']);
const PILE_SIZES = [5, 3, 2];
const ADJ_PAIRS = [
  'AB', 'BC', 'CD', 'EF', 'FG', 'HI',
  'EA', 'EB', 'FB', 'FC', 'GC', 'GD', 'HE', 'HF', 'IF', 'IG', 'JH', 'JI',
];
const ADJ = {};
for (const s of SPOTS) ADJ[s] = new Set();
for (const [a, b] of ADJ_PAIRS) { ADJ[a].add(b); ADJ[b].add(a); }

// Every connected group of one to three spots, letters in alphabetical order.
const GROUPS = [];
(function buildGroups() {
  for (let i = 0; i < 10; i++) {
    GROUPS.push([SPOTS[i]]);
    for (let j = i + 1; j < 10; j++) {
      GROUPS.push([SPOTS[i], SPOTS[j]]);
      for (let k = j + 1; k < 10; k++) GROUPS.push([SPOTS[i], SPOTS[j], SPOTS[k]]);
    }
  }
})();
function connected(spots) {
  if (spots.length <= 1) return true;
  const seen = new Set([spots[0]]);
  const todo = [spots[0]];
  while (todo.length) {
    const s = todo.pop();
    for (const t of spots) if (!seen.has(t) && ADJ[s].has(t)) { seen.add(t); todo.push(t); }
  }
  return seen.size === spots.length;
}
const SHAPES = GROUPS.filter(connected);

class Violation extends Error {
  constructor(rule, message) { super(message); this.rule = rule; }
}

// ---------------------------------------------------------------- the game state

function emptyPins() {
  const pins = {};
  for (const s of SPOTS) pins[s] = null;
  return pins;
}

function initialState() {
  return {
    phase: 'deal', frame: 1, rack: 0, ball: 1,
    pins: emptyPins(), piles: [[], [], []], out: [], pad: [[]],
  };
}

function clone(st) {
  return {
    phase: st.phase, frame: st.frame, rack: st.rack, ball: st.ball,
    pins: Object.assign({}, st.pins), piles: st.piles.map((p) => p.slice()),
    out: st.out.slice(), pad: st.pad.map((f) => f.slice()),
  };
}

function toDocument(st) {
  return {
    game: GAME, phase: st.phase, frame: st.frame, rack: st.rack, ball: st.ball,
    pins: Object.assign({}, st.pins), piles: st.piles.map((p) => p.slice()),
    out: st.out.slice(), pad: st.pad.map((f) => f.slice()),
  };
}

function dealtCount(st) {
  let n = 0;
  for (const s of SPOTS) if (st.pins[s] !== null) n++;
  return n + st.piles[0].length + st.piles[1].length + st.piles[2].length;
}

// How many cards of each number are still undealt during a deal.
function undealt(st) {
  const left = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
  for (const s of SPOTS) if (st.pins[s] !== null) left[st.pins[s]]--;
  for (const p of st.piles) for (const c of p) left[c]--;
  for (const c of st.out) left[c]--;
  return left;
}

function allStanding(st) {
  for (const s of SPOTS) if (st.pins[s] === null) return false;
  return true;
}

function allDown(st) {
  for (const s of SPOTS) if (st.pins[s] !== null) return false;
  return true;
}

function downCount(st) {
  let n = 0;
  for (const s of SPOTS) if (st.pins[s] === null) n++;
  return n;
}

// Pins downed so far by the ball being bowled.
function ballPins(st) {
  if (st.phase !== 'play') return 0;
  const down = downCount(st);
  if (st.ball === 1) return down;
  const balls = st.pad[st.frame - 1];
  return down - balls[balls.length - 1];
}

function sortOut(st) { st.out.sort((a, b) => a - b); }

// The rule a knock of `spots` with the top of pile `p` breaks (precedence order from
// KNOCK.PILE on), or null when it is legal.
function knockRule(st, p, spots) {
  const pile = st.piles[p];
  if (pile.length === 0) return ['BWL.KNOCK.PILE', `pile ${p} is empty`];
  if (spots.length < 1 || spots.length > 3) return ['BWL.KNOCK.COUNT', 'a ball card takes one to three pins'];
  for (const s of spots) if (st.pins[s] === null) return ['BWL.KNOCK.STANDING', `no pin stands on ${s}`];
  if (!connected(spots)) return ['BWL.KNOCK.ADJACENT', 'the pins do not hang together'];
  let sum = 0;
  for (const s of spots) sum += st.pins[s];
  if (sum % 10 !== pile[0]) return ['BWL.KNOCK.SUM', `the pins add up to ${sum}, the ball card is ${pile[0]}`];
  if (allStanding(st)) {
    if (spots.some((s) => BACK_ROW.has(s))) return ['BWL.FIRST.BACK-ROW', 'the first ball card of a rack may not take a back-row pin'];
    if (spots.length === 1 && spots[0] === 'F') return ['BWL.FIRST.CENTRE', 'the first ball card of a rack may not take F alone'];
  } else {
    const touches = spots.some((s) => [...ADJ[s]].some((t) => st.pins[t] === null));
    if (!touches) return ['BWL.LATER.TOUCH', 'the card must take a pin next to a spot already empty'];
  }
  return null;
}

function legalKnocks(st) {
  const out = [];
  if (st.phase !== 'play') return out;
  for (let p = 0; p < 3; p++) {
    const pile = st.piles[p];
    if (pile.length === 0) continue;
    for (const g of SHAPES) {
      if (knockRule(st, p, g) === null) out.push(`knock ${p} ${g.join(' ')}`);
    }
  }
  return out;
}

function hasKnock(st) {
  if (st.phase !== 'play') return false;
  for (let p = 0; p < 3; p++) {
    if (st.piles[p].length === 0) continue;
    for (const g of SHAPES) if (knockRule(st, p, g) === null) return true;
  }
  return false;
}

function legalActions(st) {
  if (st.phase === 'over') return [];
  if (st.phase === 'deal') {
    const left = undealt(st);
    const acts = [];
    for (let n = 0; n < 10; n++) if (left[n] > 0) acts.push(`deal ${n}`);
    return acts;
  }
  const acts = legalKnocks(st);
  acts.push('end ball');
  return acts;
}

function newRack(st) {
  st.phase = 'deal';
  st.ball = 1;
  st.pins = emptyPins();
  st.piles = [[], [], []];
  st.out = [];
}

function startSecondBall(st) {
  st.ball = 2;
  for (const pile of st.piles) if (pile.length) st.out.push(pile.shift());
  sortOut(st);
  settle(st);
}

// The ball being bowled ends: write it on the pad and move on.
function endBall(st) {
  const pins = ballPins(st);
  const balls = st.pad[st.frame - 1];
  balls.push(pins);
  if (st.frame < 10) {
    if (allDown(st) || st.ball === 2) {
      st.frame += 1;
      st.rack = 0;
      st.pad.push([]);
      newRack(st);
    } else {
      startSecondBall(st);
    }
    return;
  }
  const bonus = balls[0] === 10 || (balls.length >= 2 && balls[0] + balls[1] === 10);
  const needed = bonus ? 3 : 2;
  if (balls.length >= needed) {
    st.phase = 'over';
  } else if (allDown(st) || st.ball === 2) {
    st.rack += 1;
    newRack(st);
  } else {
    startSecondBall(st);
  }
}

// A ball with every pin down, or with no usable card, ends by itself.
function settle(st) {
  if (st.phase !== 'play') return;
  if (allDown(st) || !hasKnock(st)) endBall(st);
}

// ---------------------------------------------------------------- actions

function asciiLower(word) {
  return word.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

function asciiUpper(word) {
  return word.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 32));
}

function parseAction(text) {
  const bad = (why) => new Violation('BWL.NOTATION.ACTIONS', `'${text}' is not an action: ${why}; actions are 'knock P PINS', 'end ball' and 'deal N'`);
  if (typeof text !== 'string') throw bad('not a string');
  // Words are separated by the six ASCII whitespace characters only, not by \s (which also
  // takes U+00A0, U+FEFF and the Unicode spaces), and case is folded for A-Z only
  // (docs/protocol.md, "The words of an action string").
  const words = text.split(/[ \t\n\v\f\r]+/).filter((w) => w.length).map(asciiLower);
  if (words.length === 0) throw bad('empty');
  const head = words[0];
  if (head === 'deal') {
    if (words.length === 2 && /^[0-9]$/.test(words[1])) return { kind: 'deal', n: Number(words[1]) };
    throw bad('deal takes one digit 0-9');
  }
  if (head === 'end') {
    if (words.length === 1 || (words.length === 2 && words[1] === 'ball')) return { kind: 'end' };
    throw bad('unknown words after end');
  }
  if (head === 'knock') {
    if (words.length < 2 || !/^[012]$/.test(words[1])) throw bad('knock needs a pile 0, 1 or 2');
    const letters = words.slice(2).join('');
    const spots = [];
    for (const ch of letters) {
      const s = asciiUpper(ch);
      if (!/^[A-J]$/.test(s)) throw bad(`'${ch}' is not a spot`);
      if (spots.includes(s)) throw bad(`spot ${s} named twice`);
      spots.push(s);
    }
    spots.sort();
    return { kind: 'knock', pile: Number(words[1]), spots };
  }
  throw bad(`unknown word '${words[0]}'`);
}

// Apply an action to st (in place); throws a Violation and leaves st untouched when refused.
function applyAction(st, text) {
  const a = parseAction(text);
  if (st.phase === 'over') throw new Violation('BWL.GAME.FRAMES', 'the game is over');
  if (a.kind === 'deal') {
    if (st.phase !== 'deal') throw new Violation('BWL.SETUP.DEAL', 'the rack is already dealt');
    if (undealt(st)[a.n] <= 0) throw new Violation('BWL.SETUP.CARDS', `both cards ${a.n} are already dealt`);
    const k = dealtCount(st);
    if (k < 10) {
      st.pins[SPOTS[k]] = a.n;
    } else if (k < 15) {
      st.piles[0].push(a.n);
    } else if (k < 18) {
      st.piles[1].push(a.n);
    } else {
      st.piles[2].push(a.n);
    }
    if (k + 1 === 20) {
      st.phase = 'play';
      st.ball = 1;
      settle(st);
    }
    return;
  }
  if (st.phase !== 'play') throw new Violation('BWL.SETUP.DEAL', 'the rack is being dealt');
  if (a.kind === 'end') {
    endBall(st);
    return;
  }
  const rule = knockRule(st, a.pile, a.spots);
  if (rule) throw new Violation(rule[0], `knock ${a.pile} ${a.spots.join(' ')}: ${rule[1]}`);
  const card = st.piles[a.pile].shift();
  st.out.push(card);
  for (const s of a.spots) { st.out.push(st.pins[s]); st.pins[s] = null; }
  sortOut(st);
  settle(st);
}

// ---------------------------------------------------------------- the score pad

function frameNeeds(balls, index) {
  // Whether the frame's own balls are complete.
  if (index < 9) return balls[0] === 10 || balls.length >= 2;
  if (balls.length < 2) return false;
  const bonus = balls[0] === 10 || balls[0] + balls[1] === 10;
  return balls.length >= (bonus ? 3 : 2);
}

function scorePad(pad) {
  const rolls = [];
  const starts = [];
  for (const balls of pad) { starts.push(rolls.length); for (const b of balls) rolls.push(b); }
  const frames = [];
  let running = 0;
  let totalKnown = true;
  let lastTotal = 0;
  pad.forEach((balls, i) => {
    let score = null;
    if (frameNeeds(balls, i)) {
      if (i === 9) {
        score = balls.reduce((x, y) => x + y, 0);
      } else if (balls[0] === 10) {
        const next = rolls.slice(starts[i] + 1, starts[i] + 3);
        if (next.length === 2) score = 10 + next[0] + next[1];
      } else if (balls[0] + balls[1] === 10) {
        const next = rolls.slice(starts[i] + 2, starts[i] + 3);
        if (next.length === 1) score = 10 + next[0];
      } else {
        score = balls[0] + balls[1];
      }
    }
    let total = null;
    if (score !== null && totalKnown) {
      running += score;
      total = running;
      lastTotal = running;
    } else {
      totalKnown = false;
    }
    frames.push({ balls: balls.slice(), marks: marks(balls), score, total });
  });
  return { frames, total: lastTotal };
}

function marks(balls) {
  const out = [];
  let fresh = true;
  let prev = 0;
  for (const b of balls) {
    if (fresh) {
      if (b === 10) { out.push('X'); fresh = true; continue; }
      out.push(b === 0 ? '-' : String(b));
      prev = b;
      fresh = false;
    } else {
      out.push(prev + b === 10 ? '/' : (b === 0 ? '-' : String(b)));
      fresh = true;
    }
  }
  return out.join(' ');
}

function observation(st) {
  const pad = scorePad(st.pad);
  return {
    phase: st.phase, frame: st.frame, rack: st.rack, ball: st.ball,
    pins: Object.assign({}, st.pins),
    piles: st.piles.map((p) => (st.phase === 'deal'
      ? { top: null, hidden: p.length }
      : { top: p.length ? p[0] : null, hidden: Math.max(0, p.length - 1) })),
    out: st.out.slice(),
    ball_pins: ballPins(st),
    pad: pad.frames,
    total: pad.total,
  };
}

// ---------------------------------------------------------------- loading a state

function loadState(doc) {
  const fail = (why) => { throw new Error(`not a Bowling Solitaire state: ${why}`); };
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) fail('not an object');
  const keys = ['game', 'phase', 'frame', 'rack', 'ball', 'pins', 'piles', 'out', 'pad'];
  for (const k of keys) if (!(k in doc)) fail(`missing '${k}'`);
  for (const k of Object.keys(doc)) if (!keys.includes(k)) fail(`unknown field '${k}'`);
  if (doc.game !== GAME) fail(`game is ${JSON.stringify(doc.game)}`);
  if (!['deal', 'play', 'over'].includes(doc.phase)) fail('bad phase');
  const isInt = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;
  if (!isInt(doc.frame, 1, 10)) fail('bad frame');
  if (!isInt(doc.rack, 0, 2)) fail('bad rack');
  if (doc.ball !== 1 && doc.ball !== 2) fail('bad ball');
  if (!doc.pins || typeof doc.pins !== 'object') fail('bad pins');
  const pins = {};
  for (const s of SPOTS) {
    if (!(s in doc.pins)) fail(`pins lack ${s}`);
    const v = doc.pins[s];
    if (v !== null && !isInt(v, 0, 9)) fail(`bad pin ${s}`);
    pins[s] = v;
  }
  if (Object.keys(doc.pins).length !== 10) fail('pins must name A-J only');
  if (!Array.isArray(doc.piles) || doc.piles.length !== 3) fail('piles must be three lists');
  const piles = doc.piles.map((p, i) => {
    if (!Array.isArray(p) || p.length > PILE_SIZES[i] || !p.every((c) => isInt(c, 0, 9))) fail(`bad pile ${i}`);
    return p.slice();
  });
  if (!Array.isArray(doc.out) || !doc.out.every((c) => isInt(c, 0, 9))) fail('bad out');
  if (!doc.out.every((c, i) => i === 0 || doc.out[i - 1] <= c)) fail("'out' must be sorted");
  if (!Array.isArray(doc.pad) || doc.pad.length !== doc.frame) fail('the pad must have one list per frame begun');
  const pad = doc.pad.map((f) => {
    if (!Array.isArray(f) || f.length > 3 || !f.every((b) => isInt(b, 0, 10))) fail('bad pad frame');
    return f.slice();
  });
  if (doc.frame < 10 && doc.rack !== 0) fail('rack is 0 before the tenth frame');
  const st = {
    phase: doc.phase, frame: doc.frame, rack: doc.rack, ball: doc.ball,
    pins, piles, out: doc.out.slice().sort((a, b) => a - b), pad,
  };
  const count = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const s of SPOTS) if (pins[s] !== null) count[pins[s]]++;
  for (const p of piles) for (const c of p) count[c]++;
  for (const c of st.out) count[c]++;
  if (count.some((c) => c > 2)) fail('a number appears more than twice');
  if (st.phase === 'deal') {
    if (st.out.length) fail('nothing is out of play during a deal');
    // The dealt cards must fill the deal order from its start.
    const k = dealtCount(st);
    const order = [];
    for (const s of SPOTS) order.push(pins[s] !== null);
    PILE_SIZES.forEach((n, i) => { for (let j = 0; j < n; j++) order.push(j < piles[i].length); });
    for (let j = 0; j < 20; j++) if (order[j] !== (j < k)) fail('the dealt cards do not follow the deal order');
  } else if (count.some((c) => c !== 2)) {
    fail('a dealt rack holds every number exactly twice');
  }
  checkPad(st, fail);
  return st;
}

// Replay a frame's balls: where the frame stands after them (which rack and ball come next,
// pins already down in that rack), or why they cannot be a frame's balls.
function replayFrame(balls, frame) {
  let rack = 0;
  let ball = 1;
  let down = 0;
  let done = false;
  let last = null;
  const seen = [];
  for (const b of balls) {
    if (done) return { error: `frame ${frame} has too many balls: ${JSON.stringify(balls)}` };
    if (down + b > 10) return { error: `frame ${frame} downs more than ten pins in a rack: ${JSON.stringify(balls)}` };
    down += b;
    seen.push(b);
    last = [rack, ball];
    if (frame < 10) {
      if (down === 10 || ball === 2) done = true; else ball = 2;
    } else {
      const bonus = seen[0] === 10 || (seen.length >= 2 && seen[0] + seen[1] === 10);
      if (seen.length >= (bonus ? 3 : 2)) done = true;
      else if (down === 10 || ball === 2) { rack += 1; ball = 1; down = 0; } else ball = 2;
    }
  }
  return { rack, ball, down, done, last };
}

// At ball 2 (or a game ended on it): the first ball's end sent each pile's top card out, and
// the ball cards of both balls took 1 to 3 pins each.
function checkSecondBall(st, first, downed, used, fail) {
  if (downed < first) fail(`the first ball downed ${first} pins, only ${downed} spots are empty`);
  [5, 3, 2].forEach((size, i) => {
    if (st.piles[i].length >= size) fail(`at ball 2 pile ${i} holds at most ${size - 1} cards`);
  });
  const second = downed - first;
  const showing = st.piles.filter((p) => p.length > 0).length;
  const fewest = showing + Math.ceil(first / 3) + Math.ceil(second / 3);
  if (used < fewest || used > first + second + 3) {
    fail(`at ball 2, ${used} card(s) gone from the piles cannot follow these balls`);
  }
}

function checkPad(st, fail) {
  for (let i = 0; i < st.pad.length - 1; i++) {
    const r = replayFrame(st.pad[i], i + 1);
    if (r.error) fail(r.error);
    if (!r.done) fail(`frame ${i + 1} is not finished: ${JSON.stringify(st.pad[i])}`);
  }
  const balls = st.pad[st.frame - 1];
  const r = replayFrame(balls, st.frame);
  if (r.error) fail(r.error);
  if (st.phase === 'over') {
    if (st.frame !== 10 || !r.done) fail('the game is over only once the tenth frame is finished');
    if (st.rack !== r.last[0] || st.ball !== r.last[1]) {
      fail(`the balls ${JSON.stringify(balls)} of frame 10 end on rack ${r.last[0]}, ball ${r.last[1]}`);
    }
    // the last rack stays as its last ball left it
    const rackBalls = st.ball === 2 ? balls.slice(-2) : balls.slice(-1);
    const downed = downCount(st);
    if (downed !== rackBalls[0] + (rackBalls[1] || 0)) fail('the empty spots are not the last rack\'s pins');
    const gone = 10 - st.piles[0].length - st.piles[1].length - st.piles[2].length;
    if (st.ball === 2) checkSecondBall(st, rackBalls[0], downed, gone, fail);
    else if (gone < Math.ceil(downed / 3) || gone > downed) fail(`${gone} ball card(s) cannot have downed ${downed} pin(s)`);
    return;
  }
  if (r.done) fail(`frame ${st.frame} is finished: ${JSON.stringify(balls)}`);
  if (st.rack !== r.rack || st.ball !== r.ball) {
    fail(`after the balls ${JSON.stringify(balls)} of frame ${st.frame} comes rack ${r.rack}, ball ${r.ball}`);
  }
  if (st.phase === 'deal' && r.ball !== 1) fail('a rack is dealt before its first ball, not at ball 2');
  if (st.phase !== 'play') return;
  const nulls = downCount(st);
  const used = 10 - st.piles[0].length - st.piles[1].length - st.piles[2].length;
  if (nulls === 10) fail('every pin is down: the ball is over');
  if (st.ball === 1) {
    if (nulls < used || nulls > 3 * used) fail(`${used} ball card(s) used cannot have downed ${nulls} pin(s)`);
  } else {
    checkSecondBall(st, r.down, nulls, used, fail);
  }
  if (!hasKnock(st)) fail('no top card can be used, so the ball would already have ended');
}

// ---------------------------------------------------------------- perft

// counts[k] = perft(k + 1) for k < depth.
function perftCounts(st, depth) {
  const counts = new Array(depth).fill(0);
  if (st.phase === 'over') return counts.fill(1);
  const acts = legalActions(st);
  counts[0] = acts.length;
  if (depth > 1) {
    for (const a of acts) {
      const child = clone(st);
      applyAction(child, a);
      const sub = perftCounts(child, depth - 1);
      for (let k = 1; k < depth; k++) counts[k] += sub[k - 1];
    }
  }
  return counts;
}

function perft(st, depth) {
  if (st.phase === 'over') return { counts: new Array(depth).fill(1), divide: {} };
  const counts = new Array(depth).fill(0);
  const divide = {};
  const acts = legalActions(st);
  counts[0] = acts.length;
  for (const a of acts) {
    if (depth === 1) { divide[a] = 1; continue; }
    const child = clone(st);
    applyAction(child, a);
    const sub = perftCounts(child, depth - 1);
    for (let k = 1; k < depth; k++) counts[k] += sub[k - 1];
    divide[a] = sub[depth - 2];
  }
  return { counts, divide };
}

// ---------------------------------------------------------------- the protocol

let state = null;

function needGame() {
  if (!state) throw new Error('no game started');
}

function handle(req) {
  const seq = req.seq;
  const reply = { seq, ok: true };
  switch (req.cmd) {
    case 'start': {
      if (req.game !== GAME) {
        return { seq, ok: false, unsupported: true, error: `game '${req.game}' is not implemented (only ${GAME})` };
      }
      if (req.options !== undefined && req.options !== null
          && (typeof req.options !== 'object' || Array.isArray(req.options))) {
        return { seq, ok: false, error: "start: 'options' must be an object" }; // not unsupported
      }
      const options = req.options || {};
      const names = Object.keys(options);
      const reading = names.find((name) => name.startsWith('reading.'));
      if (reading) { // the decided readings only (docs/readings.md)
        return { seq, ok: false, unsupported: true, error: `the reading option ${reading} is not implemented` };
      }
      if (names.length) return { seq, ok: false, error: `${GAME} has no options (got '${names[0]}')` };
      state = initialState();
      reply.num_players = 1;
      reply.profiles = ['rules', 'strict']; // it makes the format page's consistency checks
      return reply;
    }
    case 'setup':
      needGame();
      state = loadState(req.state);
      return reply;
    case 'act': {
      needGame();
      if (typeof req.action !== 'string') throw new Error("act needs 'action': an action string");
      const trial = clone(state);
      try {
        applyAction(trial, req.action);
      } catch (e) {
        if (e instanceof Violation) return { seq, ok: false, violation: e.rule, message: e.message };
        throw e;
      }
      state = trial;
      return reply;
    }
    case 'legal':
      needGame();
      reply.actions = legalActions(state);
      return reply;
    case 'state': {
      needGame();
      const total = scorePad(state.pad).total;
      reply.state = toDocument(state);
      reply.terminal = state.phase === 'over';
      reply.returns = [total];
      reply.current_player = state.phase === 'over' ? -4 : (state.phase === 'deal' ? -1 : 0);
      reply.score = total;
      return reply;
    }
    case 'observe':
      needGame();
      if (!Number.isInteger(req.player)) throw new Error("observe needs 'player': a player index");
      if (req.player !== 0) throw new Error(`no player ${req.player} in a 1-player game`);
      reply.observation = observation(state);
      return reply;
    case 'perft': {
      needGame();
      const depth = req.depth;
      if (!Number.isInteger(depth) || depth < 1) throw new Error('depth must be a whole number, at least 1');
      const r = perft(state, depth);
      reply.counts = r.counts;
      reply.divide = r.divide;
      return reply;
    }
    case 'chances': // optional: the probabilities of the chance outcomes
      return { seq, ok: false, unsupported: true, error: 'chances is not implemented' };
    case 'stop':
      return reply;
    default:
      return { seq, ok: false, error: `unknown cmd ${JSON.stringify(req.cmd)}` };
  }
}

function main() {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const send = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let req;
    try {
      req = JSON.parse(line);
    } catch (e) {
      send({ seq: null, ok: false, error: `not JSON: ${e.message}` });
      return;
    }
    if (!req || typeof req !== 'object' || Array.isArray(req)) {
      send({ seq: null, ok: false, error: 'a request is a JSON object' });
      return;
    }
    if (!Number.isInteger(req.seq) || req.seq < 0) {
      send({ seq: null, ok: false, error: "a request needs 'seq', a whole number >= 0" });
      return;
    }
    let reply;
    try {
      reply = handle(req);
    } catch (e) {
      reply = { seq: req.seq === undefined ? null : req.seq, ok: false, error: String(e.message || e) };
    }
    send(reply);
    if (req.cmd === 'stop') {
      rl.close();
      process.exit(0);
    }
  });
  rl.on('close', () => process.exit(0));
}

if (require.main === module) main();

module.exports = { applyAction, legalActions, initialState, loadState, observation, perft, parseAction };
