/* Elevenes for One's state in C, for playouts: the same public API as EfoState (game.py) for
 * the calls a playout makes (legal_actions, apply_action, sample_chance, is_terminal, ...),
 * with the same actions, the same chance draws and the same games.
 *
 * It knows no card and no rule of its own: the turn procedure and the card-language
 * interpreter are efo_solve.c's (included below), the native solver's, which tests hold to
 * the Python engine.  What is added here is the action layer of game.py: the deal
 * (EFO.PASS.SHUFFLE), step 2 (EFO.PASS.FRONT), the options of a turn and of an effect's choice
 * as game.py numbers them, and the chance draw of EfoState.sample_chance.  Anything else a
 * caller asks of a state (its JSON, observations, a refusal's rule id, text actions) is
 * answered by the Python engine from the same history (fast.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "efo_solve.c"

/* game.py's action numbers */
enum { A_SCORE = 1, A_USE = 2, A_DISCARD = 3, A_PASS = 4, A_YES = 5 };
#define FRONT_BASE 100
#define DEAL_BASE 200
#define CHOICE_BASE 1000
#define WORD_SPAN 4096
#define DISCARD_LIMIT 3
#define MAXOPTIONS 512
enum { F_DEAL = 0, F_FRONT = 1, F_TURN = 2, F_EFFECT = 3, F_OVER = 4 };
static const char *PHASES[] = {"deal", "front", "turn", "effect", "over"};
static const char *RESULTS[] = {NULL, "won", "out-of-time", "stuck"};

/* One game's cards, lowered by native.py (lower), and its chance table. */
typedef struct {
  int32_t *code, *sets, *conds;
  int32_t prog[12][3][2];
  uint16_t traits[16];
  uint16_t undiscardable, unflippable;
  int32_t words[9];       /* per verb number: the word of a choice's actions (game.py WORDS) */
  double totals[12][12];  /* game.py DEAL_TOTALS: running totals of n equal chances */
} Rules;

static Rules *g_rules; /* the rules efo_solve.c's globals hold now */
static PyObject *s_random; /* "random": the method of a random.Random that draws a float */

static void use_rules(Rules *r) {
  if (g_rules == r) return;
  g_code = r->code;
  memcpy(g_prog, r->prog, sizeof g_prog);
  g_sets = r->sets;
  g_conds = r->conds;
  memcpy(g_traits, r->traits, sizeof g_traits);
  g_undiscardable = r->undiscardable;
  g_unflippable = r->unflippable;
  g_rules = r;
}

static void rules_free(PyObject *capsule) {
  Rules *r = PyCapsule_GetPointer(capsule, "efo_fast.rules");
  if (!r) return;
  if (g_rules == r) g_rules = NULL;
  free(r->code);
  free(r->sets);
  free(r->conds);
  free(r);
}

static int32_t *int_array(PyObject *seq, Py_ssize_t *n) {
  PyObject *fast = PySequence_Fast(seq, "a list of integers");
  if (!fast) return NULL;
  Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
  int32_t *out = malloc(sizeof *out * (size_t)(len ? len : 1));
  if (!out) { Py_DECREF(fast); PyErr_NoMemory(); return NULL; }
  for (Py_ssize_t i = 0; i < len; i++) {
    long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
    if (v == -1 && PyErr_Occurred()) { free(out); Py_DECREF(fast); return NULL; }
    out[i] = (int32_t)v;
  }
  Py_DECREF(fast);
  if (n) *n = len;
  return out;
}

/* rules(code, progs, sets, conds, traits, undiscardable, unflippable, words, totals) */
static PyObject *make_rules(PyObject *self, PyObject *args) {
  PyObject *code, *progs, *sets, *conds, *traits, *words, *totals;
  int undiscardable, unflippable;
  (void)self;
  if (!PyArg_ParseTuple(args, "OOOOOiiOO", &code, &progs, &sets, &conds, &traits,
                        &undiscardable, &unflippable, &words, &totals))
    return NULL;
  Rules *r = calloc(1, sizeof *r);
  if (!r) return PyErr_NoMemory();
  Py_ssize_t n = 0;
  int32_t *p = NULL, *t = NULL, *w = NULL;
  r->code = int_array(code, NULL);
  r->sets = r->code ? int_array(sets, NULL) : NULL;
  r->conds = r->sets ? int_array(conds, NULL) : NULL;
  w = r->conds ? int_array(words, &n) : NULL;
  if (w && n != 9) { PyErr_SetString(PyExc_ValueError, "words: 9 integers"); goto bad; }
  p = w ? int_array(progs, &n) : NULL;
  if (p && n != 12 * 3 * 2) { PyErr_SetString(PyExc_ValueError, "progs: 72 integers"); goto bad; }
  t = p ? int_array(traits, &n) : NULL;
  if (t && n != 16) { PyErr_SetString(PyExc_ValueError, "traits: 16 masks"); goto bad; }
  if (!t) goto bad;
  PyObject *tf = PySequence_Fast(totals, "12 x 12 running totals");
  if (!tf || PySequence_Fast_GET_SIZE(tf) != 144) {
    Py_XDECREF(tf);
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "totals: 144 floats");
    goto bad;
  }
  for (int i = 0; i < 144; i++) r->totals[i / 12][i % 12] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(tf, i));
  Py_DECREF(tf);
  if (PyErr_Occurred()) goto bad;
  memcpy(r->prog, p, sizeof r->prog);
  memcpy(r->words, w, sizeof r->words);
  for (int i = 0; i < 16; i++) r->traits[i] = (uint16_t)t[i];
  r->undiscardable = (uint16_t)undiscardable;
  r->unflippable = (uint16_t)unflippable;
  free(p);
  free(t);
  free(w);
  return PyCapsule_New(r, "efo_fast.rules", rules_free);
bad:
  free(p);
  free(t);
  free(w);
  free(r->code);
  free(r->sets);
  free(r->conds);
  free(r);
  return NULL;
}

/* ---- the state ---------------------------------------------------------------------------- */
typedef struct {
  PyObject_HEAD
  S s;              /* efo_solve.c's position: row (the pantry), down, pile, top, clock, stack */
  Pending p;        /* the pending choice, in phase EFFECT */
  uint16_t deck;    /* cards still to be laid out in this deal */
  int8_t phase, result;
  Rules *rules;
  PyObject *rules_obj; /* the capsule that owns rules */
  PyObject *game;
  PyObject *history;   /* list of actions, as EfoState.history */
  PyObject *full;      /* the Python engine's state for the same history, once asked */
} Fast;

static int deck_card(uint16_t deck, int index) { /* the index-th card of the sorted deck */
  for (int c = 0; c < 16; c++)
    if (deck >> c & 1 && index-- == 0) return c;
  return -1;
}

/* The options of the pending choice, sorted as game.py sorts them. */
static int effect_options(Fast *f, long *out) {
  int n = 0;
  const Pending *p = &f->p;
  if (p->kind == OP_MAYGATE) {
    out[n++] = A_PASS;
    out[n++] = A_YES;
    return n;
  }
  if (p->optional) out[n++] = A_PASS;
  const Frame *fr = &f->s.stack[f->s.nstack - 1];
  long base = CHOICE_BASE + (long)f->rules->words[instr_at(fr)[4]] * WORD_SPAN; /* its verb */
  int cards[16], count = 0;
  for (int c = 0; c < 16; c++)
    if (p->cands >> c & 1) cards[count++] = c;
  int idx[16];
  for (int i = 0; i < p->size; i++) idx[i] = i;
  int first = n;
  while (n < MAXOPTIONS) {
    long mask = 0;
    for (int i = 0; i < p->size; i++) mask |= 1L << cards[idx[i]];
    out[n++] = base + mask;
    int i = p->size - 1;
    while (i >= 0 && idx[i] == count - p->size + i) i--;
    if (i < 0) break;
    idx[i]++;
    for (int j = i + 1; j < p->size; j++) idx[j] = idx[j - 1] + 1;
  }
  for (int i = first + 1; i < n; i++) { /* by number, as game.py sorts them */
    long v = out[i];
    int j = i - 1;
    while (j >= first && out[j] > v) { out[j + 1] = out[j]; j--; }
    out[j + 1] = v;
  }
  return n;
}

static int options_of(Fast *f, long *out) {
  S *s = &f->s;
  int n = 0;
  switch (f->phase) {
  case F_DEAL:
    for (int c = 0; c < 16; c++)
      if (f->deck >> c & 1) out[n++] = DEAL_BASE + c;
    return n;
  case F_FRONT: { /* EFO.PASS.FRONT; EFO.RULING.FRONT-FIRST: not the first card */
    out[n++] = A_PASS;
    uint16_t rest = 0;
    for (int i = 1; i < s->n; i++) rest |= (uint16_t)(1u << s->row[i]);
    for (int c = 0; c < 16; c++)
      if (rest >> c & 1) out[n++] = FRONT_BASE + c;
    return n;
  }
  case F_TURN: { /* EFO.TURN.OPTIONS */
    int card = s->row[s->cursor];
    if (card == s->top + 1) out[n++] = A_SCORE; /* EFO.SCORE.NEXT */
    out[n++] = A_USE;
    if (__builtin_popcount(s->pile) < DISCARD_LIMIT && !(g_undiscardable >> card & 1))
      out[n++] = A_DISCARD; /* EFO.DISCARD.LIMIT, EFO.DISCARD.NEVER */
    return n;
  }
  case F_EFFECT:
    return effect_options(f, out);
  }
  return 0;
}

/* After the effects ran: a decision (turn or choice), the end of the game, or a new deal. */
static int settle(Fast *f, int leaf) {
  S *s = &f->s;
  if (g_status) {
    g_status = ST_OK;
    PyErr_SetString(PyExc_RuntimeError, "effects nested deeper than the C state holds");
    return -1;
  }
  if (leaf == NOLEAF) {
    f->phase = s->phase == PH_TURN ? F_TURN : F_EFFECT;
    return 0;
  }
  s->nstack = 0;
  if (leaf >= NPASS) { /* EFO.GOAL.WIN, EFO.CLOCK.ZERO, EFO.GOAL.STUCK */
    f->result = (int8_t)((leaf - NPASS) & 3);
    f->phase = F_OVER;
    return 0;
  }
  /* EFO.PASS.SHUFFLE: every card of the pantry, face up again, to be laid out */
  f->deck = 0;
  for (int i = 0; i < s->n; i++) f->deck |= (uint16_t)(1u << s->row[i]);
  s->n = 0;
  s->down = 0;
  s->cursor = 0;
  s->restart = 0;
  f->phase = F_DEAL;
  return 0;
}

static Fast *new_fast(PyTypeObject *type) {
  Fast *f = (Fast *)type->tp_alloc(type, 0);
  return f;
}

static int apply(Fast *f, long a) {
  S *s = &f->s;
  Pending *p = &f->p;
  switch (f->phase) {
  case F_DEAL: {
    int card = (int)(a - DEAL_BASE);
    f->deck &= (uint16_t)~(1u << card);
    s->row[s->n++] = (int8_t)card;
    if (!f->deck) f->phase = F_FRONT;
    return 0;
  }
  case F_FRONT:
    if (a != A_PASS) { /* EFO.PASS.FRONT: a minute */
      int card = (int)(a - FRONT_BASE), i = index_of(s, card);
      memmove(s->row + 1, s->row, (size_t)i);
      s->row[0] = (int8_t)card;
      lose(s, 1);
    }
    s->cursor = 0;
    f->phase = F_TURN;
    if (s->minutes == 0) { f->result = R_OUT; f->phase = F_OVER; } /* EFO.CLOCK.ZERO */
    return 0;
  case F_TURN: {
    int card = s->row[s->cursor];
    if (a == A_SCORE) { /* EFO.SCORE.ACTION */
      row_remove(s, card);
      start_score(s, card);
    } else if (a == A_USE) { /* EFO.USE.ACTION */
      s->cursor++;
      Frame *fr = &s->stack[s->nstack++];
      memset(fr, 0, sizeof *fr);
      fr->card = (int8_t)card;
      fr->event = EV_USE;
      fr->cost = 1;
    } else { /* EFO.DISCARD.LIMIT: aside without its action or a minute */
      row_remove(s, card);
      Frame *fr = &s->stack[s->nstack++];
      memset(fr, 0, sizeof *fr);
      fr->card = (int8_t)card;
      fr->event = EV_DISCARD;
    }
    s->phase = PH_EFFECT;
    return settle(f, run(s, p));
  }
  case F_EFFECT: {
    Frame *fr = &s->stack[s->nstack - 1];
    const int32_t *in = instr_at(fr);
    if (p->kind == OP_MAYGATE) {
      fr->pc = (int8_t)(a == A_YES ? fr->pc + 1 : in[1]);
    } else if (a == A_PASS) {
      fr->pc = (int8_t)in[7];
    } else {
      int chosen[16], k = 0;
      long mask = (a - CHOICE_BASE) % WORD_SPAN;
      for (int c = 0; c < 16; c++)
        if (mask >> c & 1) chosen[k++] = c;
      do_choose(s, in, chosen, k);
    }
    return settle(f, run(s, p));
  }
  }
  return 0;
}

/* ---- methods ------------------------------------------------------------------------------ */
static PyObject *f_is_terminal(Fast *f, PyObject *unused) {
  (void)unused;
  return PyBool_FromLong(f->phase == F_OVER);
}
static PyObject *f_is_chance_node(Fast *f, PyObject *unused) {
  (void)unused;
  return PyBool_FromLong(f->phase == F_DEAL);
}
static PyObject *f_current_player(Fast *f, PyObject *unused) {
  (void)unused;
  return PyLong_FromLong(f->phase == F_DEAL ? -1 : f->phase == F_OVER ? -4 : 0);
}
static PyObject *f_legal_actions(Fast *f, PyObject *unused) {
  (void)unused;
  long out[MAXOPTIONS];
  use_rules(f->rules);
  int n = options_of(f, out);
  PyObject *list = PyList_New(n);
  if (!list) return NULL;
  for (int i = 0; i < n; i++) {
    PyObject *v = PyLong_FromLong(out[i]);
    if (!v) { Py_DECREF(list); return NULL; }
    PyList_SET_ITEM(list, i, v);
  }
  return list;
}

static PyObject *f_apply_action(Fast *f, PyObject *action) {
  if (!PyLong_CheckExact(action)) /* text, or not an action at all: the Python engine's way */
    return PyObject_CallMethod((PyObject *)f, "_apply_other", "O", action);
  int overflow = 0;
  long a = PyLong_AsLongAndOverflow(action, &overflow);
  if (a == -1 && PyErr_Occurred()) return NULL;
  long out[MAXOPTIONS];
  use_rules(f->rules);
  int n = overflow ? 0 : options_of(f, out), legal = 0;
  for (int i = 0; i < n && !legal; i++) legal = out[i] == a;
  if (!legal) /* the Python engine's refusal, with its rule id */
    return PyObject_CallMethod((PyObject *)f, "_refuse", "O", action);
  Py_CLEAR(f->full);
  if (apply(f, a) < 0) return NULL;
  if (PyList_Append(f->history, action) < 0) return NULL;
  Py_RETURN_NONE;
}

static PyObject *f_sample_chance(Fast *f, PyObject *rng) {
  if (f->phase != F_DEAL)
    return PyObject_CallMethod((PyObject *)f, "_sample_other", "O", rng);
  PyObject *r = PyObject_CallMethodNoArgs(rng, s_random);
  if (!r) return NULL;
  double x = PyFloat_AsDouble(r);
  Py_DECREF(r);
  if (x == -1.0 && PyErr_Occurred()) return NULL;
  int size = __builtin_popcount(f->deck), lo = 0, hi = size;
  const double *totals = f->rules->totals[size];
  while (lo < hi) { /* bisect_right */
    int mid = (lo + hi) / 2;
    if (x < totals[mid]) hi = mid;
    else lo = mid + 1;
  }
  return PyLong_FromLong(DEAL_BASE + deck_card(f->deck, lo < size ? lo : size - 1));
}

static PyObject *f_returns(Fast *f, PyObject *unused) {
  (void)unused;
  return Py_BuildValue("[d]", f->result == R_WON ? 1.0 : 0.0);
}
static PyObject *f_score(Fast *f, PyObject *unused) { /* EFO.RATING */
  (void)unused;
  return PyLong_FromLong(f->s.top + f->s.minutes);
}

static PyObject *f_clone(Fast *f, PyObject *unused) {
  (void)unused;
  Fast *g = new_fast(Py_TYPE(f));
  if (!g) return NULL;
  g->s = f->s;
  g->p = f->p;
  g->deck = f->deck;
  g->phase = f->phase;
  g->result = f->result;
  g->rules = f->rules;
  g->rules_obj = Py_NewRef(f->rules_obj);
  g->game = Py_NewRef(f->game);
  g->history = PyList_GetSlice(f->history, 0, PyList_GET_SIZE(f->history));
  if (!g->history) { Py_DECREF(g); return NULL; }
  return (PyObject *)g;
}

/* _facts(): what fast.py checks against the Python engine (tests): phase, minutes, top,
 * pantry with faces, pile as a mask, deck as a mask, cursor, result. */
static PyObject *f_facts(Fast *f, PyObject *unused) {
  (void)unused;
  S *s = &f->s;
  PyObject *pantry = PyList_New(s->n);
  if (!pantry) return NULL;
  for (int i = 0; i < s->n; i++)
    PyList_SET_ITEM(pantry, i, Py_BuildValue("(is)", s->row[i],
                                             s->down >> s->row[i] & 1 ? "down" : "up"));
  return Py_BuildValue("{s:s,s:i,s:i,s:N,s:i,s:i,s:i,s:z}", "phase", PHASES[f->phase],
                       "minutes", s->minutes, "top", s->top, "pantry", pantry, "discard",
                       s->pile, "deck", f->deck, "cursor", s->cursor, "result",
                       f->phase == F_OVER ? RESULTS[f->result] : NULL);
}

/* Fast(game, rules, minutes, deck, top): a game before its first deal */
static int f_init(Fast *f, PyObject *args, PyObject *kw) {
  PyObject *game, *rules;
  int minutes, deck, top;
  (void)kw;
  if (!PyArg_ParseTuple(args, "OO!iii", &game, &PyCapsule_Type, &rules, &minutes, &deck, &top))
    return -1;
  Rules *r = PyCapsule_GetPointer(rules, "efo_fast.rules");
  if (!r) return -1;
  memset(&f->s, 0, sizeof f->s);
  memset(&f->p, 0, sizeof f->p);
  f->s.minutes = (int8_t)minutes;
  f->s.top = (int8_t)top;
  f->deck = (uint16_t)deck;
  f->phase = F_DEAL;
  f->result = R_NONE;
  f->rules = r;
  Py_XSETREF(f->rules_obj, Py_NewRef(rules));
  Py_XSETREF(f->game, Py_NewRef(game));
  Py_XSETREF(f->history, PyList_New(0));
  Py_CLEAR(f->full);
  return f->history ? 0 : -1;
}

static int f_traverse(Fast *f, visitproc visit, void *arg) {
  Py_VISIT(f->rules_obj);
  Py_VISIT(f->game);
  Py_VISIT(f->history);
  Py_VISIT(f->full);
  return 0;
}
static int f_clear(Fast *f) {
  Py_CLEAR(f->rules_obj);
  Py_CLEAR(f->game);
  Py_CLEAR(f->history);
  Py_CLEAR(f->full);
  return 0;
}
static void f_dealloc(Fast *f) {
  PyObject_GC_UnTrack(f);
  f_clear(f);
  Py_TYPE(f)->tp_free((PyObject *)f);
}

static PyObject *f_get_history(Fast *f, void *closure) {
  (void)closure;
  return Py_NewRef(f->history);
}
static PyObject *f_get_game(Fast *f, void *closure) {
  (void)closure;
  return Py_NewRef(f->game);
}
static PyObject *f_get_full(Fast *f, void *closure) {
  (void)closure;
  return Py_NewRef(f->full ? f->full : Py_None);
}
static int f_set_full(Fast *f, PyObject *value, void *closure) {
  (void)closure;
  Py_XSETREF(f->full, value && value != Py_None ? Py_NewRef(value) : NULL);
  return 0;
}

static PyMethodDef f_methods[] = {
    {"is_terminal", (PyCFunction)f_is_terminal, METH_NOARGS, NULL},
    {"is_chance_node", (PyCFunction)f_is_chance_node, METH_NOARGS, NULL},
    {"current_player", (PyCFunction)f_current_player, METH_NOARGS, NULL},
    {"legal_actions", (PyCFunction)f_legal_actions, METH_NOARGS, NULL},
    {"apply_action", (PyCFunction)f_apply_action, METH_O, NULL},
    {"sample_chance", (PyCFunction)f_sample_chance, METH_O, NULL},
    {"returns", (PyCFunction)f_returns, METH_NOARGS, NULL},
    {"score", (PyCFunction)f_score, METH_NOARGS, NULL},
    {"clone", (PyCFunction)f_clone, METH_NOARGS, NULL},
    {"_facts", (PyCFunction)f_facts, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}};
static PyGetSetDef f_getset[] = {
    {"history", (getter)f_get_history, NULL, NULL, NULL},
    {"game", (getter)f_get_game, NULL, NULL, NULL},
    {"_full_cache", (getter)f_get_full, (setter)f_set_full, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject FastType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "efo_fast.FastState",
    .tp_basicsize = sizeof(Fast),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)f_init,
    .tp_dealloc = (destructor)f_dealloc,
    .tp_traverse = (traverseproc)f_traverse,
    .tp_clear = (inquiry)f_clear,
    .tp_methods = f_methods,
    .tp_getset = f_getset,
};

static PyMethodDef module_methods[] = {
    {"rules", make_rules, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "efo_fast", NULL, -1, module_methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit_efo_fast(void) {
  if (PyType_Ready(&FastType) < 0) return NULL;
  s_random = PyUnicode_InternFromString("random");
  if (!s_random) return NULL;
  PyObject *m = PyModule_Create(&module);
  if (!m) return NULL;
  if (PyModule_AddObjectRef(m, "FastState", (PyObject *)&FastType) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
