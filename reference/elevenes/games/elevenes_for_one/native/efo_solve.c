/* Elevenes for One, solved pass by pass: the native search behind `elevenes solve`.
 *
 * This file knows no card.  The turn procedure (steps 2-4 of rules.md, "How to play") and
 * the primitives of the card language (game.py's Primitives) are written here once more, in
 * C, for speed; the cards' effects arrive as programs lowered from the .cards file by
 * native.py, in the instruction set of dsl/runtime.py.  The Python engine stays the
 * reference: tests/efo/test_native.py checks this search against core/solve.py.
 *
 * What is solved here is one pass (EFO.PASS.SHUFFLE to EFO.PASS.END): from a pass start
 * (top card, minutes, discard pile; the pantry is every other card), every order of the
 * pantry is laid out and the best line of play is found for each.  A pass contains no chance:
 * it ends at a finished game or at the start of another pass (the end of the row, or Fine
 * China's reshuffle).  Those are the "leaves".  A leaf's value is exact and known to Python
 * (native.py), which asks this file to solve a pass start it has not valued yet through a
 * callback.  This file only ever *compares* leaf values, using correctly rounded doubles and
 * exact equality classes (or, when two doubles tie across classes, exact ranks), and returns
 * for each pass start how many orders of the pantry end at each leaf under best play.
 * Python turns those counts into exact fractions.
 *
 * Threads.  Python may run efo_worker() in more threads beside the one that solves: the orders
 * of a pass are cut into chunks (the last two cards of the row fixed), and every thread takes
 * chunks of the passes under way.  A thread that needs a pass start another thread is solving
 * helps with that pass, or with the passes it waits on, and otherwise waits; it never takes
 * work that could need a pass it is itself solving, so no thread waits on itself.  The table of
 * positions is shared: each entry is read and written whole (one 16-byte load or store where
 * the processor makes it a single access, cmpxchg16b elsewhere), so a thread never sees half
 * of another's entry.  Each thread also runs several searches interleaved (coroutines, below),
 * so that their waits on the table's memory overlap.  Values do not depend on the number of
 * threads or searches (nor on the table), only the time does, and which of two leaves of equal
 * value an order is counted at.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* thread-local state, a few words: the initial-exec model reads it from the thread pointer
 * without a call (the default model for a shared library calls __tls_get_addr each time) */
#define TLS __thread __attribute__((tls_model("initial-exec")))

#define MAXSTACK 12
#define MAXVARS 6
#define MAXROW 12
#define NOLEAF (-1)
#define EXCLUDED (-2)

enum { EV_USE = 0, EV_SCORE = 1, EV_DISCARD = 2 };
enum { PH_TURN = 1, PH_EFFECT = 2 };
enum { R_NONE = 0, R_WON = 1, R_OUT = 2, R_STUCK = 3 };
enum { OP_CALL = 1, OP_JUMP = 2, OP_JUMPUNLESS = 3, OP_MAYGATE = 4, OP_CHOOSE = 5,
       OP_SETVAR = 6, OP_INCVAR = 7 };
enum { V_NONE = 0, V_FLIP = 1, V_SWAP = 2, V_RETURN = 3, V_SCORE = 4, V_TOEND = 5,
       V_RESHUFFLE = 6, V_COST = 7, V_TROLLEY = 8 };
enum { REF_SELF = -1, REF_FIRST = -2, REF_NEXT = -3, REF_INT = -4 };
/* a card by its place in the row (`2 ahead`, `2 after self`, `before next`, `card 3 of
 * pantry`): the reference REF_PLACE - i names place node i of g_conds: kind, count, base */
#define REF_PLACE (-100)
enum { P_AHEAD = 1, P_AFTER = 2, P_BEFORE = 3, P_ROW = 4 };
enum { Z_PANTRY = 0, Z_DISCARD = 1, Z_TROLLEY = 2 };
enum { T_SELF = 100, T_FACE_UP = 301, T_FACE_DOWN = 302, T_SCORABLE = 303, T_TRAIT = 200,
       T_FROM_DISCARD = 304 /* a test only (C_TEST), never a filter */,
       T_AHEAD = 305 /* the filter `ahead`: a card the pass has still to reach */ };
enum { C_CMP = 1, C_ANY = 2, C_ISCARD = 3, C_TEST = 4, C_NOT = 5, C_AND = 6, C_OR = 7,
       C_TRUE = 8 };
enum { E_INT = 1, E_COUNT = 2, E_MINUTES = 3, E_VAR = 4 };
enum { ST_OK = 0, ST_ABORT = 1 };

typedef struct {
  int8_t card, event, cost, pc;
  int8_t vars[MAXVARS];
} Frame;

typedef struct {
  int8_t top, minutes, n, cursor, nstack, restart, result, phase;
  uint16_t pile, down;
  int8_t row[MAXROW];
  int8_t made; /* EFO.RULING.DISCARD-LIMIT (b): the discards made in the game (else 0) */
  Frame stack[MAXSTACK];
} S;

/* ---- the card programs (set once by native.py) ------------------------------------------ */
static int32_t *g_code;         /* 8 ints per instruction */
static int32_t g_prog[12][3][2]; /* [card][event] -> (first instruction, length) */
static int32_t *g_sets;         /* set records: zone, nkeep, keep..., ndrop, drop... */
static int32_t *g_conds;        /* condition nodes: 4 ints each */
static uint16_t g_traits[16];   /* trait index -> mask of cards with it */
static uint16_t g_undiscardable, g_unflippable;
static int g_row_as_set;        /* card_facts.py: the passed cards as a set, blockers ahead */
static int g_first_reader;      /* the one card that reads the first place (0: none) */
static int32_t g_ceiling[12 * 16]; /* card_facts.py: the bound by top card and minutes */
static int g_objective;         /* 0 win, 1 rating */
static int g_front_first;       /* EFO.RULING.FRONT-FIRST (a): the first card put first too */
static int g_front_last_minute; /* EFO.RULING.FRONT-LAST-MINUTE (a): no step 2 at one minute */
static int g_time_and_stuck;    /* EFO.RULING.TIME-AND-STUCK (b): 0 minutes, empty pantry: stuck */
static int g_use_flip_moved;    /* EFO.RULING.USE-FLIP-MOVED (b): a used card moved stays up */
static int g_next_index;        /* EFO.RULING.NEXT-CARD (a): the pass's place is an index */
static int g_next_new_place;    /* EFO.RULING.NEXT-CARD (c): on after a used card's new place */
static uint16_t g_full_pile;    /* EFO.RULING.ELEVENSES (c): the cards that may be discarded
                                 * onto a full pile (game.py, pile_scorers); 0 otherwise */
static int g_count_discards;    /* EFO.RULING.DISCARD-LIMIT (b): three discards in the game */

/* ---- leaves: values are Python's ------------------------------------------------------- */
/* A pass start's id: (top card * 16 + minutes) << 11 | the pile's cards >> 1, plus PASS_BLOCK
 * times the discards made in the game (0 to 3) under EFO.RULING.DISCARD-LIMIT (b), 0 otherwise:
 * the ids of the other readings are those of the decided one.  The finished games follow. */
#define PASS_BLOCK (12 * 16 * 2048)
#define NPASS (4 * PASS_BLOCK)
#define NLEAF (NPASS + 12 * 16 * 4)
static double *g_key;       /* leaf -> correctly rounded value (or exact rank in rank mode) */
static int32_t *g_class;    /* leaf -> exact equality class (-1: not valued yet) */
static int32_t *g_intval;   /* leaf -> the value if it is a whole number, else INT32_MIN */
static int g_rank_mode;
static TLS int g_status; /* ST_*: this thread's search stops */
static int g_abort;           /* every thread stops: a search failed somewhere (atomic) */
static int g_loop;            /* ...because a pass leads back to a pass being solved */
static int g_stop;            /* the workers return (atomic) */
static int g_halt;            /* asked to stop from outside: efo_halt() (atomic) */
typedef int (*need_fn)(int32_t leaf); /* Python values a pass start: 0 ok, 2 abort */
static need_fn g_need;
typedef int (*cmp_fn)(int32_t a, int32_t b); /* Python: is leaf a worth more than b, exactly? */
static cmp_fn g_cmp;
typedef void (*progress_fn)(void);
static progress_fn g_progress;

/* ---- interleaved searches ---------------------------------------------------------------
 * A search waits on the table's memory, and one search's loads come one after another: each
 * position's children are known only once it is looked up.  The memory can serve several
 * loads at once (measured here: eight independent chains of random reads over 4 GiB cost 30 ns
 * a read, one chain 287 ns), so a thread runs a pass's chunks in several interleaved searches
 * (coroutines, each with its own stack): a search that asks the table for a position's bucket
 * lets the next one run while the load is under way.  They take chunks as threads do, and as
 * with threads the values do not depend on it.  Python is only ever called on the thread's own
 * stack: a coroutine that needs Python (a pass start to value, two leaves to compare exactly,
 * the progress line) hands the call to its scheduler, which makes it and resumes it at once. */
/* (the switch below is written for x86-64's System V calling convention, in ELF assembly) */
#if defined(__x86_64__) && defined(__ELF__) && !defined(_WIN32) && !defined(EFO_NO_COROUTINES)
#define CO_CAN 1
#define CO_MAX 8
#define CO_DEFAULT 4 /* measured: see docs/solver.md */
#define CO_STACK ((size_t)2 << 20) /* the search's recursion (at most 400 levels) and its calls */
/* switch stacks: save the callee-saved registers on this stack, *from = its top; continue on
 * `to`, a stack saved the same way (or laid out as one by co_start) */
__attribute__((visibility("hidden"))) void efo_co_switch(void **from, void *to);
__asm__(".text\n"
        ".globl efo_co_switch\n"
        ".hidden efo_co_switch\n"
        ".type efo_co_switch, @function\n"
        ".p2align 4\n"
        "efo_co_switch:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n");
enum { REQ_NONE, REQ_VALUE, REQ_CMP, REQ_PROGRESS };
typedef struct Co {
  void *sp;
  char *stack; /* CO_STACK bytes above a guard page */
  int done;
  int req, a, b, ret; /* a call for the scheduler to make on the thread's stack */
} Co;
typedef struct Sched {
  void *main_sp;
  struct Job *job;
  Co co[CO_MAX];
  int n;
  int status; /* the first coroutine's stop (ST_*) stops them all */
} Sched;
static TLS Sched *t_sched; /* the scheduler of the coroutine running, if one is */
static TLS Co *t_co;       /* the coroutine running (NULL: the thread's own stack) */
static TLS char *t_stacks[64]; /* stacks free for reuse */
static TLS int t_nstacks;
static int g_coroutines = 1; /* per thread */

static char *co_stack_take(void) {
  if (t_nstacks) return t_stacks[--t_nstacks];
  size_t page = 4096;
  char *m = mmap(NULL, CO_STACK + page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) return NULL;
  mprotect(m, page, PROT_NONE); /* an overflow faults rather than writes over another */
  return m + page;
}
static void co_stack_give(char *stack) {
  if (t_nstacks < 64) t_stacks[t_nstacks++] = stack;
  else munmap(stack - 4096, CO_STACK + 4096);
}
static void co_stacks_free(void) {
  while (t_nstacks) { char *st = t_stacks[--t_nstacks]; munmap(st - 4096, CO_STACK + 4096); }
}
/* let the next coroutine run (the scheduler picks it) */
static inline void co_yield(void) {
  if (t_co) efo_co_switch(&t_co->sp, t_sched->main_sp);
}
/* have the scheduler make a call on the thread's own stack */
static int co_request(int req, int a, int b) {
  Co *c = t_co;
  c->req = req;
  c->a = a;
  c->b = b;
  efo_co_switch(&c->sp, t_sched->main_sp);
  return c->ret;
}
#else
#define t_co ((void *)0)
static inline void co_yield(void) {}
static int co_request(int req, int a, int b) { (void)req; (void)a; (void)b; return 0; }
enum { REQ_NONE, REQ_VALUE, REQ_CMP, REQ_PROGRESS };
#endif
static uint64_t g_explored;                 /* atomic; each thread adds what it did */
static TLS uint64_t t_explored;        /* this thread's, not yet added */
static TLS uint64_t t_ticks; /* this thread's positions, counted on across chunks: a tick each
                              * million (a chunk of a small pass explores far fewer) */
static uint64_t g_layouts, g_top_layouts;  /* atomic */

/* ---- passes under way: jobs, cut into chunks of orders -------------------------------- */
typedef struct Job {
  int leaf, top, minutes, n, made;
  uint16_t pile;
  int8_t cards[MAXROW]; /* the pantry, sorted */
  int nchunks;
  int next, done;       /* atomic: chunks handed out, chunks finished */
  uint64_t orders, layouts; /* n!, and the orders done (atomic) */
  uint32_t *hist;       /* atomic: orders ending at each leaf */
  int32_t *seen;        /* the leaves reached, nseen of them (atomic) */
  int nseen;
  struct Job *parent;   /* the pass whose order needed this one */
  struct Job *all;      /* every job made, to free them */
} Job;
static Job **g_jobs;            /* pass start -> its job while (and after) it is solved */
static int *g_claim;            /* pass start -> 1 once a thread has taken it to solve */
static TLS Job *t_job;     /* the job whose chunk this thread is running */
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER; /* the lists below */
#define MAXACTIVE 256
static Job *g_active[MAXACTIVE];
static int g_nactive;
static Job *g_all;

/* ---- the memo: a lossy table (a lost entry only costs time) ---------------------------- */
typedef unsigned __int128 u128;
static u128 *g_memo;
static size_t g_memo_bytes;
static uint64_t g_memo_slots;
static uint64_t g_memo_used; /* atomic */
static TLS int g_memo_off;

static int pass_id(int top, int minutes, uint16_t pile, int made) {
  return made * PASS_BLOCK + (((top * 16 + minutes) << 11) | (pile >> 1));
}
/* a pass start's top * 16 + minutes */
static int pass_clock(int leaf) { return (leaf % PASS_BLOCK) >> 11; }
static int terminal_id(int top, int minutes, int result) {
  return NPASS + (top * 16 + minutes) * 4 + result;
}

/* ---- small helpers (game.py: EfoState) --------------------------------------------------- */
static int index_of(const S *s, int card) {
#ifdef __SSE2__
  /* the row's twelve bytes compared at once (the four read past them lie inside S) */
  __m128i row = _mm_loadu_si128((const __m128i *)((const char *)s + offsetof(S, row)));
  unsigned hit = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(row, _mm_set1_epi8((char)card)));
  hit &= (1u << s->n) - 1;
  return hit ? __builtin_ctz(hit) : -1;
#else
  for (int i = 0; i < s->n; i++)
    if (s->row[i] == card) return i;
  return -1;
#endif
}
static void row_remove(S *s, int card) { /* EfoState.remove */
  int i = index_of(s, card);
  if (i < 0) return;
  memmove(s->row + i, s->row + i + 1, (size_t)(s->n - i - 1));
  s->n--;
  s->down &= (uint16_t)~(1u << card);
  if (i < s->cursor && !g_next_index) s->cursor--; /* EFO.RULING.NEXT-CARD (a): it stays */
}
static void row_remove_at(S *s, int i) { /* the current card leaves: i is the cursor */
  int card = s->row[i];
  memmove(s->row + i, s->row + i + 1, (size_t)(s->n - i - 1));
  s->n--;
  s->down &= (uint16_t)~(1u << card);
}
/* a copy of s: the stack's frames in use only (at a turn, none) */
static inline void copy_state(S *d, const S *s) {
  memcpy(d, s, offsetof(S, stack));
  for (int i = 0; i < s->nstack; i++) d->stack[i] = s->stack[i];
}
static void row_insert(S *s, int index, int card) { /* EfoState.insert */
  memmove(s->row + index + 1, s->row + index, (size_t)(s->n - index));
  s->row[index] = (int8_t)card;
  s->n++;
  s->down &= (uint16_t)~(1u << card);
  if (index < s->cursor && !g_next_index) s->cursor++; /* EFO.RULING.NEXT-CARD (a): it stays */
}
static void lose(S *s, int minutes) { /* EFO.CLOCK.ZERO: never below zero */
  int m = s->minutes - minutes;
  s->minutes = (int8_t)(m < 0 ? 0 : m);
}
static int held(const S *s) {
  for (int i = 0; i < s->nstack; i++)
    if (s->stack[i].event == EV_DISCARD) return s->stack[i].card;
  return 0;
}
static int in_pantry(const S *s, int card) { return index_of(s, card) >= 0; }
static int face_up(const S *s, int card) { return in_pantry(s, card) && !(s->down >> card & 1); }

static uint16_t zone_mask(const S *s, int zone) {
  uint16_t m = 0;
  if (zone == Z_PANTRY) {
    for (int i = 0; i < s->n; i++) m |= (uint16_t)(1u << s->row[i]);
  } else if (zone == Z_DISCARD) {
    m = s->pile;
  } else {
    for (int c = 1; c <= s->top; c++) m |= (uint16_t)(1u << c);
  }
  return m;
}

static int place_card(const S *s, const Frame *fr, int node);
static int ref_card(const S *s, const Frame *fr, int ref) { /* 0 = none */
  if (ref <= REF_PLACE) return place_card(s, fr, REF_PLACE - ref);
  if (ref == REF_SELF) return fr->card;
  if (ref == REF_FIRST) return s->n ? s->row[0] : 0;
  if (ref == REF_NEXT) { /* EFO.RULING.NEXT-CARD, EFO.RULING.CAKES-ELEVENSES */
    int index, at = index_of(s, fr->card);
    if (at >= 0) index = at + 1;
    else if (held(s)) return 0;
    else index = s->cursor;
    return index < s->n ? s->row[index] : 0;
  }
  if (ref >= 0 && ref < MAXVARS) return fr->vars[ref] > 0 ? fr->vars[ref] : 0;
  return 0;
}

/* game.py (ahead_from, _gap, position_after, position_before, position_row): the card at a
 * place of the row, 0 for none.  `N ahead` counts from the card the pass reaches next (the
 * cursor); `N after X` / `N before X` from X's place, or for the card whose effect this is,
 * once it has left the row, from the gap it left (EFO.RULING.NEXT-CARD), never from a card
 * scored from the pile (EFO.RULING.CAKES-ELEVENSES); `card N of pantry` from the first. */
static int place_card(const S *s, const Frame *fr, int node) {
  const int32_t *p = g_conds + 4 * node;
  int count = p[1], index;
  if (p[0] == P_AHEAD) {
    index = s->cursor + count - 1;
  } else if (p[0] == P_ROW) {
    if (p[2] != 1 || count < 1) return 0; /* (p[2]: the zone is the pantry) */
    index = count - 1;
  } else {
    int card = ref_card(s, fr, p[2]);
    if (!card) return 0;
    int at = index_of(s, card), before, after;
    if (at >= 0) {
      before = at - 1;
      after = at + 1;
    } else if (card == fr->card && !held(s)) {
      before = s->cursor - 1;
      after = s->cursor;
    } else {
      return 0;
    }
    index = p[0] == P_AFTER ? after + count - 1 : before - count + 1;
  }
  return index >= 0 && index < s->n ? s->row[index] : 0;
}

static int card_test(const S *s, const Frame *fr, int test, int card) {
  if (test >= 1 && test <= 15) return card == test;
  if (test == T_SELF) return card == fr->card;
  if (test >= T_TRAIT && test < T_TRAIT + 16) return g_traits[test - T_TRAIT] >> card & 1;
  if (test == T_FACE_UP) return face_up(s, card);
  if (test == T_FACE_DOWN) return s->down >> card & 1;
  if (test == T_SCORABLE) return card == s->top + 1; /* EFO.SCORE.NEXT */
  if (test == T_AHEAD) return index_of(s, card) >= s->cursor; /* (-1: not in the row) */
  return 0;
}

/* the cards of a set, as a mask (order is never read: choices are sorted sets) */
static uint16_t set_cards(const S *s, const Frame *fr, int set) {
  const int32_t *r = g_sets + set;
  uint16_t found = 0, zone = zone_mask(s, r[0]);
  int nkeep = r[1];
  const int32_t *keep = r + 2;
  int ndrop = r[2 + nkeep];
  const int32_t *drop = r + 3 + nkeep;
  for (int c = 0; c < 16; c++) {
    if (!(zone >> c & 1)) continue;
    int ok = 1;
    for (int i = 0; ok && i < nkeep; i++) ok = card_test(s, fr, keep[i], c);
    for (int i = 0; ok && i < ndrop; i++) ok = !card_test(s, fr, drop[i], c);
    if (ok) found |= (uint16_t)(1u << c);
  }
  return found;
}

static int expr(const S *s, const Frame *fr, int kind, int value) {
  if (kind == E_INT) return value;
  if (kind == E_COUNT) return __builtin_popcount(set_cards(s, fr, value));
  if (kind == E_MINUTES) return s->minutes;
  if (kind == E_VAR) return fr->vars[value];
  return 0;
}

/* game.py (test_from_discard); EFO.RULING.ELEVENSES, EFO.RULING.CAKES-ELEVENSES: the card was
 * scored from the pile by a discard effect ((11)) and its score effect runs above that one */
static int from_discard(const S *s, int card) {
  int below = 0;
  for (int i = 0; i < s->nstack; i++) {
    if (s->stack[i].event == EV_DISCARD) below = 1;
    else if (below && s->stack[i].event == EV_SCORE && s->stack[i].card == card) return 1;
  }
  return 0;
}

static int cond(const S *s, const Frame *fr, int node) {
  const int32_t *c = g_conds + 4 * node;
  switch (c[0]) {
  case C_TRUE: return 1;
  case C_CMP: {
    const int32_t *l = g_conds + 4 * c[2], *r = g_conds + 4 * c[3];
    int a = expr(s, fr, l[1], l[2]), b = expr(s, fr, r[1], r[2]);
    switch (c[1]) {
    case 0: return a >= b;
    case 1: return a <= b;
    case 2: return a == b;
    case 3: return a != b;
    case 4: return a > b;
    default: return a < b;
    }
  }
  case C_ANY: return set_cards(s, fr, c[1]) != 0;
  case C_ISCARD: return ref_card(s, fr, c[1]) == c[2];
  case C_TEST: {
    int card = ref_card(s, fr, c[2]);
    if (!card) return 0;
    if (c[1] == T_FROM_DISCARD) return from_discard(s, card);
    return c[1] == T_FACE_UP ? face_up(s, card) : (s->down >> card & 1);
  }
  case C_NOT: return !cond(s, fr, c[1]);
  case C_AND: return cond(s, fr, c[1]) && cond(s, fr, c[2]);
  case C_OR: return cond(s, fr, c[1]) || cond(s, fr, c[2]);
  }
  return 0;
}

/* ---- verbs (game.py: Primitives.verb_*) ------------------------------------------------ */
static int flip_applicable(const S *s, int card) { /* EFO.FLIP.IMMUNE, EFO.FLIP.FACE-UP */
  return !(g_unflippable >> card & 1) && face_up(s, card);
}

static void start_score(S *s, int card) { /* EFO.SCORE.ACTION */
  if (s->nstack == MAXSTACK) { g_status = ST_ABORT; return; }
  s->top = (int8_t)card;
  Frame *f = &s->stack[s->nstack++];
  memset(f, 0, sizeof *f);
  f->card = (int8_t)card;
  f->event = EV_SCORE;
  f->cost = 1;
}

static void verb(S *s, Frame *fr, int v, const int *chosen, int nchosen, int arg) {
  int one = nchosen ? chosen[0] : arg;
  switch (v) {
  case V_FLIP:
    if (nchosen) {
      for (int i = 0; i < nchosen; i++)
        if (flip_applicable(s, chosen[i])) s->down |= (uint16_t)(1u << chosen[i]);
    } else if (arg && flip_applicable(s, arg)) {
      s->down |= (uint16_t)(1u << arg);
    }
    break;
  case V_SWAP:
    if (nchosen == 2) {
      int i = index_of(s, chosen[0]), j = index_of(s, chosen[1]);
      int8_t t = s->row[i];
      s->row[i] = s->row[j];
      s->row[j] = t;
    }
    break;
  case V_RETURN: { /* EFO.CARD.SERVANTS; EFO.RULING.SERVANTS */
    if (!one || !(s->pile >> one & 1)) break;
    int card = fr->card; /* fr may move when the stack grows: read it first */
    s->pile &= (uint16_t)~(1u << one);
    int at = index_of(s, card);
    row_insert(s, at >= 0 ? at + 1 : s->cursor, one);
    break;
  }
  case V_SCORE: /* EFO.CARD.ELEVENSES: the whole of option 3A */
    if (!one || one != s->top + 1 || !(s->pile >> one & 1)) break;
    s->pile &= (uint16_t)~(1u << one);
    start_score(s, one);
    break;
  case V_TROLLEY: /* EFO.RULING.ELEVENSES (b): only placed on the trolley, no action, no minute */
    if (!one || one != s->top + 1 || !(s->pile >> one & 1)) break;
    s->pile &= (uint16_t)~(1u << one);
    s->top = (int8_t)one;
    break;
  case V_TOEND:
    if (!one || !in_pantry(s, one)) break;
    row_remove(s, one);
    s->row[s->n++] = (int8_t)one;
    s->down &= (uint16_t)~(1u << one);
    break;
  case V_RESHUFFLE: s->restart = 1; break; /* EFO.CARD.CHINA */
  case V_COST: fr->cost = (int8_t)arg; break;
  }
}

/* ---- running effects (dsl/runtime.py, EfoState.run / end_of / step_four) ---------------- */
/* A pending choice: the candidate mask and size of a ChooseCards, or a MayGate. */
typedef struct {
  int kind;         /* 0 none, OP_CHOOSE, OP_MAYGATE */
  uint16_t cands;
  int size, optional;
} Pending;

static const int32_t *instr_at(const Frame *fr) {
  return g_code + 8 * (g_prog[fr->card][fr->event][0] + fr->pc);
}

static uint16_t choose_candidates(const S *s, const Frame *fr, const int32_t *in, int *size) {
  uint16_t found = set_cards(s, fr, in[1]);
  int v = in[4];
  if (v == V_FLIP) {
    for (int c = 0; c < 16; c++)
      if ((found >> c & 1) && !flip_applicable(s, c)) found &= (uint16_t)~(1u << c);
  } else if (v == V_SWAP) {
    for (int c = 0; c < 16; c++)
      if ((found >> c & 1) && !in_pantry(s, c)) found &= (uint16_t)~(1u << c);
  }
  int have = __builtin_popcount(found), count = in[2];
  if (in[3] == 1 && have < count) { *size = 0; return 0; } /* exactly */
  *size = have < count ? have : count;
  return found;
}

static void do_choose(S *s, const int32_t *in, const int *chosen, int nchosen) {
  Frame *fr = &s->stack[s->nstack - 1];
  fr->pc++;
  if (in[5] >= 0) fr->vars[in[5]] = (int8_t)chosen[0];
  if (in[4] != V_NONE) verb(s, fr, in[4], chosen, nchosen, 0);
}

/* EFO.PASS.NEXT / EFO.PASS.END; returns a leaf, or NOLEAF with s at the next TURN */
static int step_four(S *s) {
  if (s->result) return terminal_id(s->top, s->minutes, s->result);
  if (s->minutes == 0) /* EFO.CLOCK.ZERO; EFO.RULING.TIME-AND-STUCK */
    return terminal_id(s->top, 0, g_time_and_stuck && !s->n ? R_STUCK : R_OUT);
  if (!s->restart) {
    int i = s->cursor;
    while (i < s->n && (s->down >> s->row[i] & 1)) i++;
    if (i < s->n) {
      s->cursor = (int8_t)i;
      s->phase = PH_TURN;
      return NOLEAF;
    }
  }
  if (!s->n) return terminal_id(s->top, s->minutes, R_STUCK); /* EFO.GOAL.STUCK */
  return pass_id(s->top, s->minutes, s->pile, s->made);    /* EFO.PASS.SHUFFLE */
}

static void end_of(S *s, const Frame *fr) {
  if (fr->event == EV_USE) {
    int at = index_of(s, fr->card);
    if (at >= 0 && /* EFO.USE.FLIP; EFO.RULING.USE-FLIP-MOVED (b): */
        !(g_use_flip_moved && (!s->cursor || s->row[s->cursor - 1] != fr->card)))
      s->down |= (uint16_t)(1u << fr->card); /* ...not when it left the place of the pass */
    if (at >= 0 && g_next_new_place) s->cursor = (int8_t)(at + 1); /* EFO.RULING.NEXT-CARD (c) */
    lose(s, fr->cost);                                                  /* EFO.USE.MINUTE */
  } else if (fr->event == EV_SCORE) {
    if (fr->card == 11) s->result = R_WON; /* EFO.GOAL.WIN */
    else lose(s, fr->cost);                /* EFO.SCORE.MINUTE */
  } else {
    s->pile |= (uint16_t)(1u << fr->card); /* (11) reaches the pile last */
  }
}

/* Run effects until one waits (returns NOLEAF, *p set) or the turn moves on (NOLEAF with
 * phase TURN) or a leaf is reached. */
static int run(S *s, Pending *p) {
  p->kind = 0;
  while (s->nstack) {
    Frame *fr = &s->stack[s->nstack - 1];
    int len = g_prog[fr->card][fr->event][1];
    if (fr->pc < len) {
      const int32_t *in = instr_at(fr);
      switch (in[0]) {
      case OP_CALL: {
        fr->pc++;
        int arg = in[2] == REF_INT ? in[3] : ref_card(s, fr, in[2]);
        verb(s, fr, in[1], 0, 0, arg);
        break;
      }
      case OP_JUMP: fr->pc = (int8_t)in[1]; break;
      case OP_JUMPUNLESS: fr->pc = (int8_t)(cond(s, fr, in[1]) ? fr->pc + 1 : in[2]); break;
      case OP_SETVAR: fr->vars[in[1]] = (int8_t)in[2]; fr->pc++; break;
      case OP_INCVAR: fr->vars[in[1]]++; fr->pc++; break;
      case OP_MAYGATE:
        p->kind = OP_MAYGATE;
        s->phase = PH_EFFECT;
        return NOLEAF;
      case OP_CHOOSE: {
        int size;
        uint16_t cands = choose_candidates(s, fr, in, &size);
        if (size == 0) {
          fr->pc = (int8_t)(in[6] ? in[7] : fr->pc + 1);
          break;
        }
        int nsets = 1; /* C(have, size) == 1 iff size == have */
        if (size != __builtin_popcount(cands)) nsets = 2;
        /* EFO.RULING.ELEVENSES (c): discarded onto a full pile, the card may not decline */
        int onto_full_pile = g_full_pile && fr->event == EV_DISCARD &&
                             __builtin_popcount(s->pile) >= 3;
        if (nsets == 1 && (!in[6] || onto_full_pile)) { /* one outcome: EFO.EFFECT.FORCED */
          int chosen[16], k = 0;
          for (int c = 0; c < 16; c++)
            if (cands >> c & 1) chosen[k++] = c;
          do_choose(s, in, chosen, k);
          break;
        }
        p->kind = OP_CHOOSE;
        p->cands = cands;
        p->size = size;
        p->optional = in[6] && !onto_full_pile;
        s->phase = PH_EFFECT;
        return NOLEAF;
      }
      default:
        g_status = ST_ABORT;
        return NOLEAF;
      }
      continue;
    }
    Frame done = *fr;
    s->nstack--;
    end_of(s, &done);
  }
  return step_four(s);
}

/* ---- comparing leaves ------------------------------------------------------------------ */
static void fail(int loop) {
  g_status = ST_ABORT;
  if (loop) __atomic_store_n(&g_loop, 1, __ATOMIC_RELAXED);
  __atomic_store_n(&g_abort, 1, __ATOMIC_RELEASE);
}
static int aborted(void) { return __atomic_load_n(&g_abort, __ATOMIC_ACQUIRE); }
static int known(int leaf) { /* Python writes a leaf's class last */
  return __atomic_load_n(&g_class[leaf], __ATOMIC_ACQUIRE) >= 0;
}
static uint64_t g_pauses, g_chunks[2]; /* atomic: waits; chunks run by the solver, by workers */
static TLS int t_worker;
static void pause_briefly(void) {
  __atomic_fetch_add(&g_pauses, 1, __ATOMIC_RELAXED);
  struct timespec t = {0, 200000}; /* 0.2 ms */
  nanosleep(&t, NULL);
}
static void help_until(Job *j, int leaf);

static int value_known_slow(int leaf);
static int value_known(int leaf) {
  if (leaf < 0) return 0;
  if (known(leaf)) return 1;
  return t_co ? co_request(REQ_VALUE, leaf, 0) : value_known_slow(leaf);
}
/* on the thread's own stack: claim the pass start and have Python value it, or help the
 * thread that is valuing it */
static int value_known_slow(int leaf) {
  for (;;) {
    if (aborted()) { g_status = ST_ABORT; return 0; }
    int free_ = 0;
    if (__atomic_compare_exchange_n(&g_claim[leaf], &free_, 1, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
      if (known(leaf)) { __atomic_store_n(&g_claim[leaf], 0, __ATOMIC_RELEASE); return 1; }
      if (g_need(leaf) != 0) { fail(0); return 0; } /* Python solved it (efo_solve_pass) */
      return 1;
    }
    Job *j = __atomic_load_n(&g_jobs[leaf], __ATOMIC_ACQUIRE);
    if (!j) { /* taken, not started yet, or just finished */
      if (known(leaf)) return 1;
      sched_yield();
      continue;
    }
    for (Job *a = t_job; a; a = a->parent) {
      if (a != j) continue;
      /* a pass that leads back to itself: laid out one way only (one card), the move back is
       * no gamble and is not counted; otherwise the pass could be redealt for free */
      if (j == t_job && j->n == 1) return 0;
      fail(1);
      return 0;
    }
    help_until(j, leaf);
    if (known(leaf)) return 1;
    g_status = ST_ABORT;
    return 0;
  }
}

/* is a better than b?  (b may be NOLEAF) */
static inline int better(int a, int b) {
  if (b < 0) return 1;
  if (g_class[a] == g_class[b]) return 0;
  double x = g_key[a], y = g_key[b];
  if (x != y) return x > y; /* correctly rounded: a strict order of doubles is exact */
  /* two values within a rounding of each other: Python decides */
  return t_co ? co_request(REQ_CMP, a, b) : g_cmp(a, b);
}

/* the best a position can still reach (solver.py: best_possible) */
static inline int ceiling(const S *s) {
  /* card_facts.py (CardFacts.ceiling): derived from the card programs, the general bound
   * (a win is worth 1, the rating at most 11 plus the minutes) where it cannot be */
  return g_ceiling[s->top * 16 + s->minutes]; /* a won game has (11) on top: exact */
}
static inline int reaches(int leaf, int bound) { /* is the leaf's value >= bound, exactly? */
  if (leaf < 0) return 0;
  if (g_intval[leaf] != INT32_MIN) return g_intval[leaf] >= bound;
  return !g_rank_mode && g_key[leaf] > (double)bound;
}

/* ---- the memo key (EfoState.solver_key / passed_key) ----------------------------------- */
/* the cards row[from..n), four bits each in order (every card is 1 to 11, so a 0 ends them):
 * read eight and four bytes at once and folded into nibbles, without a loop over the cards */
static inline uint64_t row_nibbles(const S *s, int from) {
  int len = s->n - from;
  uint64_t a = 0, b = 0;
  const unsigned char *p = (const unsigned char *)s + offsetof(S, row) + from;
  /* the bytes read past the row lie inside S (its stack follows): masked off below */
  memcpy(&a, p, 8);
  memcpy(&b, p + 8, 4);
  if (len < 8) { a &= len ? ~0ull >> (64 - 8 * len) : 0; b = 0; }
  else if (len < 12) b &= len > 8 ? ~0ull >> (64 - 8 * (len - 8)) : 0;
  a = (a | a >> 4) & 0x00FF00FF00FF00FFull; /* byte i (< 16) to nibble i */
  a = (a | a >> 8) & 0x0000FFFF0000FFFFull;
  a = (a | a >> 16) & 0xFFFFFFFFull;
  b = (b | b >> 4) & 0x00FF00FFull;
  b = (b | b >> 8) & 0xFFFFull;
  return a | b << 32;
}

static u128 key_of(const S *s) {
  /* the low word: the cards (four bits each, at most 12: 48 bits) and the face-down cards as
   * a mask of card numbers (16 bits); the rest in the high one */
  /* (the discards made, 0 but under EFO.RULING.DISCARD-LIMIT (b), in bits 26-27) */
  uint64_t head = (uint64_t)s->top | (uint64_t)s->minutes << 4 | (uint64_t)s->pile << 8 |
                  (uint64_t)s->made << 26;
  int reduced = 0;
  if (g_row_as_set) {
    reduced = 1;
    for (int i = 0; i < s->cursor; i++)
      if (!(s->down >> s->row[i] & 1)) { reduced = 0; break; }
  }
  if (!reduced) /* the whole row, where the pass is, and the faces */
    return (u128)(head | (uint64_t)s->cursor << 21) << 64 |
           (row_nibbles(s, 0) | (uint64_t)s->down << 48);
  /* card_facts.py (game.py, passed_key): behind the cursor every card lies face down and
   * only the first reader (Sandwiches, with the printed cards) reads a place there, the
   * first; while it may still act, the first card is kept and the rest are a set (which the
   * pile and top determine: not stored, and so neither are their faces, all down).  Once it
   * cannot act, a face-down card ahead is only a blocker: no card reads which card it is (a
   * swap takes face-up cards, `next` is only turned face down, the pass's end collects a set),
   * nor how many lie in a row, nor any after the last face-up card. */
  int sandwiches = g_first_reader && !(s->down >> g_first_reader & 1) &&
                   s->top < g_first_reader;
  if (sandwiches) /* (the first card is not 0 when a card lies behind: the two kinds differ) */
    return (u128)(head | (uint64_t)1 << 20 |
                  (uint64_t)(s->cursor ? s->row[0] : 0) << 21) << 64 |
           (row_nibbles(s, s->cursor) | (uint64_t)s->down << 48);
  uint64_t row = 0;
  int shift = 0, blocker = 0;
  for (int i = s->cursor; i < s->n; i++) {
    int card = s->row[i];
    if (s->down >> card & 1) { blocker = 1; continue; }
    if (blocker) { row |= (uint64_t)15 << shift; shift += 4; blocker = 0; }
    row |= (uint64_t)card << shift;
    shift += 4;
  }
  /* a run of face-down cards is the code 15 (no card); bit 25 tells this kind from the
   * others; at most 92 bits in all, the entry's own fields go in the top 28 */
  return (u128)(head | (uint64_t)1 << 20 | (uint64_t)1 << 25) << 64 | row;
}

#define VALUE_SHIFT 105 /* 23 bits: the leaf + 1 (NLEAF is above 2^20) */
#define LOW_BIT 104 /* the entry is a bound: the position is worth no more than the leaf */
#define WORK_SHIFT 100 /* 4 bits: how many cards lie ahead, what a search of it costs */
#define KEY_MASK (((u128)1 << WORK_SHIFT) - 1)
static uint64_t memo_hash(u128 k) {
  uint64_t h = (uint64_t)k ^ ((uint64_t)(k >> 64) * 0xC2B2AE3D27D4EB4Full);
  h ^= h >> 33; /* murmur3's finaliser: every bit of the key moves the slot */
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  h ^= h >> 33;
  return h;
}
/* The search waits on the table's memory (measured with perf: a slot's first load was 80%
 * of the time), so the roots of a layout ask for their slots together: their loads overlap. */
static void memo_prefetch(const S *s);
/* Entries are read and written whole, even while another thread writes.  On a processor with
 * AVX an aligned 16-byte load or store is one access (both vendors' manuals), so a probe reads
 * an entry with one load and a put writes it with one store: no locked instruction on the
 * hot path.  Elsewhere an entry is read again with cmpxchg16b when its key matches, and
 * written with it. */
static int g_whole16; /* aligned 16-byte loads and stores are single accesses here */
static u128 entry_load(u128 *slot) { return __sync_val_compare_and_swap(slot, (u128)0, (u128)0); }
#if defined(__x86_64__) && defined(__SSE2__)
#define WHOLE16_CAN 1
static u128 entry_peek(const u128 *slot) { /* one load (the compiler would split it) */
  __m128i v;
  __asm__ volatile("movdqa %1, %0" : "=x"(v) : "m"(*slot));
  return (u128)(uint64_t)_mm_cvtsi128_si64(v) |
         (u128)(uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) << 64;
}
static void entry_store(u128 *slot, u128 e) { /* one store */
  __m128i v = _mm_set_epi64x((long long)(uint64_t)(e >> 64), (long long)(uint64_t)e);
  __asm__ volatile("movdqa %1, %0" : "=m"(*slot) : "x"(v));
}
#else
static u128 entry_peek(const u128 *slot) {
  const volatile uint64_t *w = (const volatile uint64_t *)slot;
  return (u128)w[0] | (u128)w[1] << 64;
}
static void entry_store(u128 *slot, u128 e) {
  u128 old = entry_peek(slot);
  while (!__sync_bool_compare_and_swap(slot, old, e)) old = entry_load(slot);
}
#endif
#define WAYS 4 /* a bucket: four entries, one cache line; a key sits in its bucket only */
static uint64_t memo_base(uint64_t h) { /* h scaled to the table: any size, not only 2^k */
  return (uint64_t)(((u128)h * (g_memo_slots / WAYS)) >> 64) * WAYS;
}
static u128 *memo_at(uint64_t base, int i) { return &g_memo[base + (uint64_t)i]; }
/* A slot for a position not found: its bucket's empty entry, else the one cheapest to search
 * again (the fewest cards ahead; only time depends on it), chosen while the bucket is at hand,
 * with what it held.  The put comes after the position's search, when its bucket has left the
 * cache: it is then one store, which the processor does not wait for, rather than a load. */
typedef struct {
  u128 *slot, old;
} Spot;
static int memo_get(u128 k, int *leaf, int *bound, Spot *spot) {
  uint64_t base = memo_base(memo_hash(k));
  int fewest = 16;
  for (int i = 0; i < WAYS; i++) {
    u128 *slot = memo_at(base, i), e = entry_peek(slot);
    if (!e) { spot->slot = slot; spot->old = 0; return 0; }
    if ((e & KEY_MASK) != k) {
      if ((int)(e >> WORK_SHIFT & 15) < fewest) {
        fewest = (int)(e >> WORK_SHIFT & 15);
        spot->slot = slot;
        spot->old = e;
      }
      continue;
    }
    spot->slot = slot; /* (a bound, searched again) */
    spot->old = e;
    if (!g_whole16) {
      e = entry_load(slot);
      if ((e & KEY_MASK) != k) continue; /* rewritten meanwhile */
    }
    *leaf = (int)(e >> VALUE_SHIFT) - 1;
    *bound = (int)(e >> LOW_BIT & 1);
    return 1;
  }
  return 0;
}
static void bucket_prefetch(u128 k) { __builtin_prefetch(memo_at(memo_base(memo_hash(k)), 0)); }
static void memo_prefetch(const S *s) {
  if (!g_memo || g_memo_off || s->phase != PH_TURN) return;
  bucket_prefetch(key_of(s));
}
static void memo_put(const Spot *spot, u128 k, int leaf, int bound, int ahead) {
  u128 e = k | (u128)(uint64_t)(ahead > 15 ? 15 : ahead) << WORK_SHIFT | (u128)bound << LOW_BIT
           | (u128)(uint64_t)(leaf + 1) << VALUE_SHIFT;
  u128 *victim = spot->slot, old = spot->old;
  if (old && g_whole16) { /* a replacement: one store (a slot taken is never empty again; if
                           * another position took it meanwhile, it gives way: time only) */
    entry_store(victim, e);
    return;
  }
  while (!__sync_bool_compare_and_swap(victim, old, e)) old = entry_load(victim);
  if (!old) __atomic_fetch_add(&g_memo_used, 1, __ATOMIC_RELAXED);
}

/* ---- the search ------------------------------------------------------------------------ */
/* A search returns the best leaf below a position.  `alpha` is the best leaf an ancestor can
 * already reach (or NOLEAF): a line whose bound cannot beat it is not searched.  The answer is
 * exact unless *low is set, and then only "no better than alpha": such answers are never
 * stored, and an ancestor that beats alpha does not need them exact. */
static int search(S *s, const Pending *p, int depth, int alpha, int *low);

static int max_leaf(int a, int b) {
  if (a < 0) return b;
  if (b < 0) return a;
  return better(a, b) ? a : b;
}

/* the best a leaf can be worth, before it is valued: a pass start's bound by its top card and
 * minutes (valuing it means solving its pass); a finished game is valued at once */
static int leaf_ceiling(int leaf) {
  return leaf >= NPASS ? INT32_MAX : g_ceiling[pass_clock(leaf)];
}

/* One decision: its children are tried in turn (Node.next), keeping the best. */
typedef struct {
  int best, alpha, top, bounded, done;
} Node;

static void node_start(Node *n, const S *s, int alpha) {
  n->best = NOLEAF;
  n->alpha = alpha;
  n->top = ceiling(s);
  n->bounded = 0;
  n->done = 0;
}

/* A decision's children are run on to their next decisions (or the ends of their lines)
 * before any is searched, and the table slots of those that stop at a turn are asked for
 * together: their loads overlap, where searching one child after another waits for each in
 * turn (the search waits on the table's memory).  They are then taken in their order, as
 * before: the same positions are searched. */
#define BATCH 8
typedef struct {
  S s;
  Pending p;
  int leaf;
} Child;

static void child_run(Child *ch) {
  ch->leaf = run(&ch->s, &ch->p);
  if (!g_status && ch->leaf == NOLEAF) memo_prefetch(&ch->s);
}

/* take child ch (run on already); returns 1 when the decision may stop.  Its bound is that of
 * where it got to: the minutes its card cost are lost when the card's effect ends, so a bound
 * taken before would be a minute too generous, and a pass start that cannot beat the floor is
 * never valued (valuing it is solving its pass). */
static int node_take(Node *n, Child *ch, int depth) {
  if (g_status) return 0;
  /* a line that cannot beat what an ancestor already reaches (alpha) is not searched, for
   * both objectives: the rating's bound is loose, but since it counts the minutes a card
   * costs and that a game stops early only stuck, cutting against alpha searches fewer
   * positions than searching such lines for their exact value (docs/solver.md, Bounds) */
  int floor = max_leaf(n->best, n->alpha);
  S *c = &ch->s;
  int low = 0, leaf = ch->leaf;
  int bound = leaf == NOLEAF ? ceiling(c) : leaf_ceiling(leaf);
  if (floor >= 0 && reaches(floor, bound)) { /* it cannot beat what is in hand */
    if (floor != n->best) n->bounded = 1;
    return 0;
  }
  if (leaf != NOLEAF) {
    if (!value_known(leaf)) leaf = NOLEAF;
  } else {
    leaf = search(c, &ch->p, depth + 1, floor, &low);
  }
  if (low && floor != n->best) n->bounded = 1;
  if (leaf >= 0 && better(leaf, n->best)) n->best = leaf;
  n->done = reaches(n->best, n->top);
  return n->done;
}

/* take children[0..k) in order; returns 1 when the decision may stop */
static int node_take_all(Node *n, Child *children, int k, int depth) {
  for (int i = 0; i < k && !g_status; i++)
    if (node_take(n, &children[i], depth)) return 1;
  return 0;
}

static int node_end(const Node *n, int *low) {
  *low = n->bounded && n->alpha >= 0 && (n->best < 0 || better(n->alpha, n->best));
  return n->best;
}

static int turn_search(S *s, int depth, int alpha, int *low) {
  u128 k = 0;
  Spot spot = {NULL, 0};
  int leaf, memo = g_memo && !g_memo_off;
  *low = 0;
  if (memo) {
    int bound;
    k = key_of(s);
    if (t_co) { /* ask for the bucket, and let another search run while it comes */
      bucket_prefetch(k);
      co_yield();
    }
    if (memo_get(k, &leaf, &bound, &spot)) {
      if (!bound) return leaf;
      /* searched before against an alpha no better than this one: it failed low then, so
       * it fails low now (no leaf is returned: that one need not be reachable from here) */
      if (alpha >= 0 && !better(leaf, alpha)) { *low = 1; return NOLEAF; }
    }
  }
  Node n;
  node_start(&n, s, alpha);
  int card = s->row[s->cursor];
  /* the order only changes the time (measured): score, then discard, for the win (a free
   * move finds a win early); discard, score, then use for the rating (the free move keeps the
   * most minutes, and what it reaches cuts the lines that cost one: on the nine-card endgame
   * 2,112 pass starts valued against 2,180, and 9% fewer positions, than score, use, discard) */
  static const int orders[2][3] = {{0, 2, 1}, {2, 0, 1}};
  Child children[3];
  int kids = 0;
  for (int o = 0; o < 3 && !g_status; o++) {
    int option = orders[g_objective][o];
    S *c = &children[kids].s;
    memcpy(c, s, offsetof(S, stack)); /* at a turn the stack is empty */
    if (option == 0) { /* score: EFO.SCORE.NEXT, EFO.SCORE.ACTION */
      if (card != s->top + 1) continue;
      row_remove_at(c, s->cursor);
      start_score(c, card);
    } else if (option == 1) { /* use: EFO.USE.ACTION */
      c->cursor++;
      Frame *f = &c->stack[c->nstack++];
      memset(f, 0, sizeof *f);
      f->card = (int8_t)card;
      f->event = EV_USE;
      f->cost = 1;
    } else { /* discard: EFO.DISCARD.LIMIT, EFO.DISCARD.NEVER */
      if (g_undiscardable >> card & 1) continue;
      if (g_count_discards && s->made >= 3) continue; /* EFO.RULING.DISCARD-LIMIT (b) */
      if (__builtin_popcount(s->pile) >= 3 && /* EFO.RULING.ELEVENSES (c): onto a full pile */
          !((g_full_pile >> card & 1) && (s->pile >> (s->top + 1) & 1)))
        continue;
      row_remove_at(c, s->cursor);
      if (g_count_discards) c->made++; /* EFO.RULING.DISCARD-LIMIT (b) counts them */
      if (g_prog[card][EV_DISCARD][1]) {
        Frame *f = &c->stack[c->nstack++];
        memset(f, 0, sizeof *f);
        f->card = (int8_t)card;
        f->event = EV_DISCARD;
        f->cost = 0;
      } else {
        c->pile |= (uint16_t)(1u << card);
      }
    }
    c->phase = PH_EFFECT;
    child_run(&children[kids++]);
  }
  node_take_all(&n, children, kids, depth);
  int best = node_end(&n, low);
  if (memo && !g_status) {
    if (!*low && best >= 0) memo_put(&spot, k, best, 0, s->n - s->cursor);
    else if (*low) memo_put(&spot, k, alpha, 1, s->n - s->cursor);
  }
  return best;
}

static int effect_search(S *s, const Pending *p, int depth, int alpha, int *low) {
  Node n;
  node_start(&n, s, alpha);
  const Frame *fr = &s->stack[s->nstack - 1];
  const int32_t *in = instr_at(fr);
  Child children[BATCH];
  if (p->kind == OP_MAYGATE) {
    for (int yes = 0; yes < 2; yes++) {
      S *c = &children[yes].s;
      copy_state(c, s);
      Frame *f = &c->stack[c->nstack - 1];
      f->pc = (int8_t)(yes ? f->pc + 1 : in[1]);
      child_run(&children[yes]);
    }
    node_take_all(&n, children, 2, depth);
    return node_end(&n, low);
  }
  int k = 0;
  if (p->optional) { /* pass: skip the block */
    S *c = &children[k].s;
    copy_state(c, s);
    c->stack[c->nstack - 1].pc = (int8_t)in[7];
    child_run(&children[k++]);
  }
  int cards[16], count = 0;
  for (int c = 0; c < 16; c++)
    if (p->cands >> c & 1) cards[count++] = c;
  /* every subset of `size` cards, in increasing order, BATCH children at a time */
  int idx[16], more = 1;
  for (int i = 0; i < p->size; i++) idx[i] = i;
  while (more && !g_status) {
    int chosen[16];
    for (int i = 0; i < p->size; i++) chosen[i] = cards[idx[i]];
    S *c = &children[k].s;
    copy_state(c, s);
    do_choose(c, in, chosen, p->size);
    child_run(&children[k++]);
    int i = p->size - 1;
    while (i >= 0 && idx[i] == count - p->size + i) i--;
    if (i < 0) {
      more = 0;
    } else {
      idx[i]++;
      for (int j = i + 1; j < p->size; j++) idx[j] = idx[j - 1] + 1;
    }
    if (k == BATCH || !more) {
      if (node_take_all(&n, children, k, depth)) break;
      k = 0;
    }
  }
  return node_end(&n, low);
}

static int search(S *s, const Pending *p, int depth, int alpha, int *low) {
  if (depth > 400) { g_status = ST_ABORT; return NOLEAF; } /* a loop within a pass */
  ++t_explored;
  if ((++t_ticks & 0xFFFFF) == 0) {
    __atomic_fetch_add(&g_explored, t_explored, __ATOMIC_RELAXED);
    t_explored = 0;
    /* a stop asked from outside (efo_halt) or a failed search elsewhere: one load a million
     * positions */
    if (aborted()) { g_status = ST_ABORT; return NOLEAF; }
    if (g_progress) {
      if (t_co) co_request(REQ_PROGRESS, 0, 0);
      else g_progress();
    }
  }
  if (s->phase == PH_TURN) return turn_search(s, depth, alpha, low);
  return effect_search(s, p, depth, alpha, low);
}

/* ---- one pass: every layout of the pantry --------------------------------------------- */
static int layout_value(const int8_t *perm, int n, int top, int minutes, uint16_t pile,
                        int made) {
  S s;
  memset(&s, 0, sizeof s);
  s.top = (int8_t)top;
  s.minutes = (int8_t)minutes;
  s.pile = pile;
  s.made = (int8_t)made;
  s.n = (int8_t)n;
  /* the last cards vary slowest: layouts that share the cards still ahead come together,
   * while the positions they share are still in the cache */
  for (int i = 0; i < n; i++) s.row[i] = perm[n - 1 - i];
  s.phase = PH_TURN;
  Node node;
  node_start(&node, &s, NOLEAF);
  int low;
  /* step 2: pass, or put a card first for a minute (EFO.PASS.FRONT, EFO.RULING.FRONT-FIRST) */
  S fronts[MAXROW + 1];
  int count = n;
  if (g_front_last_minute && minutes == 1)
    count = 1; /* EFO.RULING.FRONT-LAST-MINUTE (a): only pass */
  else if (g_front_first)
    count = n + 1; /* EFO.RULING.FRONT-FIRST (a): the first card too, nothing moves */
  for (int i = 0; i < count; i++) {
    S *c = &fronts[i];
    memcpy(c, &s, offsetof(S, stack)); /* the stack is empty */
    if (i == n) {
      lose(c, 1);
    } else if (i > 0) {
      int8_t card = c->row[i];
      memmove(c->row + 1, c->row, (size_t)i);
      c->row[0] = card;
      lose(c, 1);
    }
    if (c->minutes) memo_prefetch(c);
  }
  for (int i = 0; i < count && !g_status; i++) {
    S c;
    memcpy(&c, &fronts[i], offsetof(S, stack));
    int floor = node.best, leaf;
    if (c.minutes == 0) {
      leaf = terminal_id(top, 0, R_OUT); /* EFO.CLOCK.ZERO */
    } else {
      if (floor >= 0 && reaches(floor, ceiling(&c))) continue;
      leaf = turn_search(&c, 0, floor, &low);
    }
    if (leaf >= 0 && better(leaf, node.best)) node.best = leaf;
    if (reaches(node.best, node.top)) break;
  }
  return node.best;
}

/* ---- the orders of a pass, chunk by chunk ------------------------------------------------ */
/* Chunk c fixes the first two cards of `perm` (the last two of the row), the rest in every
 * order: lexicographic order chunk by chunk is lexicographic order over all. */
static void run_chunk(Job *j, int c) {
  int8_t perm[MAXROW], rest[MAXROW];
  int n = j->n, fixed = j->nchunks > 1 ? 2 : 0, m = 0;
  memcpy(rest, j->cards, (size_t)n);
  if (fixed) {
    int first = c / (n - 1), second = c % (n - 1);
    perm[0] = rest[first];
    memmove(rest + first, rest + first + 1, (size_t)(n - 1 - first));
    perm[1] = rest[second];
    memmove(rest + second, rest + second + 1, (size_t)(n - 2 - second));
  }
  for (int i = fixed; i < n; i++) perm[i] = rest[m++];
  Job *was = t_job;
  int memo_was = g_memo_off;
  t_job = j;
  g_memo_off = n <= 1; /* a one-card pass may be cut where it loops back to itself */
  for (;;) {
    int leaf = layout_value(perm, n, j->top, j->minutes, j->pile, j->made);
    if (g_status || aborted()) break;
    if (leaf < 0) { fail(0); break; } /* every line loops */
    if (__atomic_fetch_add(&j->hist[leaf], 1, __ATOMIC_RELAXED) == 0)
      j->seen[__atomic_fetch_add(&j->nseen, 1, __ATOMIC_RELAXED)] = leaf;
    __atomic_fetch_add(&g_layouts, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&j->layouts, 1, __ATOMIC_RELAXED);
    if (!j->parent) __atomic_fetch_add(&g_top_layouts, 1, __ATOMIC_RELAXED);
    int i = n - 2;
    while (i >= fixed && perm[i] >= perm[i + 1]) i--;
    if (i < fixed) break;
    int k = n - 1;
    while (perm[k] <= perm[i]) k--;
    int8_t t = perm[i]; perm[i] = perm[k]; perm[k] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) { t = perm[a]; perm[a] = perm[b]; perm[b] = t; }
  }
  __atomic_fetch_add(&g_explored, t_explored, __ATOMIC_RELAXED);
  t_explored = 0;
  t_job = was;
  g_memo_off = memo_was;
}

/* take chunks of j until none is left */
static void work_plain(Job *j) {
  while (!g_status && !aborted()) {
    int c = __atomic_fetch_add(&j->next, 1, __ATOMIC_ACQ_REL);
    if (c >= j->nchunks) return;
    run_chunk(j, c);
    __atomic_fetch_add(&g_chunks[t_worker], 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&j->done, 1, __ATOMIC_ACQ_REL);
  }
}

#ifdef CO_CAN
static void co_main(void) { /* a coroutine's first frame: never returns */
  Co *c = t_co;
  work_plain(t_sched->job);
  c->done = 1;
  efo_co_switch(&c->sp, t_sched->main_sp);
  __builtin_unreachable();
}
/* the scheduler's call for c, made on the thread's stack as if no coroutine ran */
static void co_serve(Sched *sc, Co *c) {
  t_co = NULL;
  t_sched = NULL;
  c->ret = 0;
  if (sc->status) { /* stopping: no pass is valued, no leaf compared */
  } else if (c->req == REQ_VALUE) {
    c->ret = value_known_slow(c->a);
  } else if (c->req == REQ_CMP) {
    c->ret = g_cmp(c->a, c->b);
  } else if (g_progress) {
    g_progress();
  }
  c->req = REQ_NONE;
  t_sched = sc;
}
/* run c until it lets another run, serving its calls; a stop is kept for the others */
static void co_run(Sched *sc, Co *c) {
  t_co = c;
  g_status = sc->status;
  efo_co_switch(&sc->main_sp, c->sp);
  for (;;) {
    t_co = NULL;
    if (g_status && !sc->status) sc->status = g_status;
    if (c->req == REQ_NONE) return;
    co_serve(sc, c);
    if (g_status && !sc->status) sc->status = g_status;
    t_co = c;
    g_status = sc->status;
    efo_co_switch(&sc->main_sp, c->sp);
  }
}
static void work(Job *j) {
  int k = g_coroutines < j->nchunks ? g_coroutines : j->nchunks; /* (at most CO_MAX) */
  if (k <= 1) { work_plain(j); return; }
  Sched sc;
  sc.job = j;
  sc.n = 0;
  for (int i = 0; i < k; i++) {
    Co *c = &sc.co[sc.n];
    c->stack = co_stack_take();
    if (!c->stack) break;
    /* laid out as efo_co_switch leaves a stack: six registers, then where `ret` goes */
    void **top = (void **)(c->stack + CO_STACK);
    *--top = NULL; /* co_main's return address: it never returns */
    *--top = (void *)co_main;
    for (int r = 0; r < 6; r++) *--top = NULL;
    c->sp = top;
    c->done = 0;
    c->req = REQ_NONE;
    sc.n++;
  }
  if (sc.n == 0) { work_plain(j); return; }
  Sched *was_sched = t_sched;
  Co *was_co = t_co;
  /* what run_chunk sets, set for all of them at once (each restores what it found) */
  Job *was_job = t_job;
  int was_memo_off = g_memo_off;
  t_job = j;
  g_memo_off = j->n <= 1;
  t_sched = &sc;
  sc.status = g_status;
  for (int live = sc.n, i = 0; live; i = (i + 1) % sc.n) {
    Co *c = &sc.co[i];
    if (c->done) continue;
    co_run(&sc, c);
    if (c->done) live--;
  }
  g_status = sc.status;
  for (int i = 0; i < sc.n; i++) co_stack_give(sc.co[i].stack);
  t_job = was_job;
  g_memo_off = was_memo_off;
  t_sched = was_sched;
  t_co = was_co;
}
#else
static void work(Job *j) { work_plain(j); }
#endif

/* a job with chunks left below `under` (itself included; any job if under is NULL): work that
 * cannot need a pass the caller is solving */
static Job *helpable(Job *under) {
  Job *found = NULL;
  pthread_mutex_lock(&g_lock);
  for (int i = g_nactive - 1; i >= 0 && !found; i--) {
    Job *j = g_active[i];
    if (__atomic_load_n(&j->next, __ATOMIC_ACQUIRE) >= j->nchunks) continue;
    for (Job *a = j; a; a = a->parent)
      if (!under || a == under) { found = j; break; }
  }
  pthread_mutex_unlock(&g_lock);
  return found;
}

/* until j's chunks are all done (leaf < 0) or the leaf is valued: help below j, else wait */
static void help_until(Job *j, int leaf) {
  while (!aborted()) {
    if (leaf >= 0 ? known(leaf) : __atomic_load_n(&j->done, __ATOMIC_ACQUIRE) >= j->nchunks)
      return;
    Job *h = helpable(j);
    if (h) {
      int status = g_status;
      work(h);
      if (g_status && !status) return;
    } else {
      pause_briefly();
    }
  }
}

/* The extra threads' loop: help with any pass under way until efo_stop_workers(). */
void efo_worker(void) {
  g_status = ST_OK;
  t_worker = 1;
  while (!__atomic_load_n(&g_stop, __ATOMIC_ACQUIRE)) {
    Job *h = aborted() ? NULL : helpable(NULL);
    if (h) work(h);
    else pause_briefly();
    g_status = ST_OK;
  }
#ifdef CO_CAN
  co_stacks_free();
#endif
}
void efo_stop_workers(int stop) { __atomic_store_n(&g_stop, stop, __ATOMIC_RELEASE); }

/* Stop every search (on) from any thread or a signal handler: each thread sees it within a
 * million positions and unwinds; efo_solve_pass then returns -4, and so does every later call
 * until efo_halt(0). */
void efo_halt(int on) {
  __atomic_store_n(&g_halt, on, __ATOMIC_RELEASE);
  if (on) __atomic_store_n(&g_abort, 1, __ATOMIC_RELEASE);
}

/* Solve pass start `pass` (`made`: the discards made in the game, under
 * EFO.RULING.DISCARD-LIMIT (b)): counts[i] orders of the pantry end at leaf ids[i] under best
 * play.  Returns the number of distinct leaves, or -1 (abort: Python's error, or a search
 * that failed), -3 (a pass leads back to a pass being solved) or -4 (stopped: efo_halt). */
/* A pass's counts by leaf (NLEAF of them, mostly zero) and the leaves it reached: kept for
 * the next pass once the counts reached are zero again (zeroing the whole array for every
 * pass start was a fifth of a small endgame's instructions, and flushed the cache) */
typedef struct Counts {
  uint32_t *hist;
  int32_t *seen;
  struct Counts *next;
} Counts;
static Counts *g_free_counts; /* under g_lock */

static Counts *counts_take(void) {
  pthread_mutex_lock(&g_lock);
  Counts *c = g_free_counts;
  if (c) g_free_counts = c->next;
  pthread_mutex_unlock(&g_lock);
  if (c) return c;
  c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->hist = calloc(NLEAF, sizeof *c->hist);
  c->seen = malloc(sizeof *c->seen * NLEAF);
  if (!c->hist || !c->seen) { free(c->hist); free(c->seen); free(c); return NULL; }
  return c;
}
static void counts_give(Counts *c, int nseen, int all) {
  if (all) memset(c->hist, 0, sizeof *c->hist * NLEAF); /* after an abort */
  else for (int i = 0; i < nseen; i++) c->hist[c->seen[i]] = 0;
  pthread_mutex_lock(&g_lock);
  c->next = g_free_counts;
  g_free_counts = c;
  pthread_mutex_unlock(&g_lock);
}

int efo_solve_pass(int top, int minutes, int pile, int32_t *ids, uint64_t *counts, int cap,
                   int made) {
  if (__atomic_load_n(&g_halt, __ATOMIC_ACQUIRE)) return -4;
  if (made < 0 || made > 3 || (made && !g_count_discards)) return -1;
  int leaf = pass_id(top, minutes, (uint16_t)pile, made);
  Job *j = calloc(1, sizeof *j);
  Counts *pool = j ? counts_take() : NULL;
  if (!pool) { free(j); return -1; }
  uint32_t *hist = pool->hist;
  int32_t *seen = pool->seen;
  j->leaf = leaf;
  j->top = top;
  j->minutes = minutes;
  j->pile = (uint16_t)pile;
  j->made = made;
  for (int c = top + 1; c <= 11; c++)
    if (!(pile >> c & 1)) j->cards[j->n++] = (int8_t)c;
  j->nchunks = j->n >= 4 ? j->n * (j->n - 1) : 1;
  j->orders = 1;
  for (int i = 2; i <= j->n; i++) j->orders *= (uint64_t)i;
  j->hist = hist;
  j->seen = seen;
  j->parent = t_job;
  int status = 0;
  pthread_mutex_lock(&g_lock);
  if (g_nactive == MAXACTIVE) status = -1;
  else g_active[g_nactive++] = j;
  j->all = g_all;
  g_all = j;
  pthread_mutex_unlock(&g_lock);
  if (status) { counts_give(pool, 0, 0); j->hist = NULL; return -1; }
  __atomic_store_n(&g_claim[leaf], 1, __ATOMIC_RELEASE);
  __atomic_store_n(&g_jobs[leaf], j, __ATOMIC_RELEASE);
  work(j);
  if (!g_status) help_until(j, -1);
  pthread_mutex_lock(&g_lock);
  for (int i = 0; i < g_nactive; i++)
    if (g_active[i] == j) { g_active[i] = g_active[--g_nactive]; break; }
  pthread_mutex_unlock(&g_lock);
  if (g_status || aborted()) {
    status = __atomic_load_n(&g_halt, __ATOMIC_ACQUIRE) ? -4
             : __atomic_load_n(&g_loop, __ATOMIC_ACQUIRE) ? -3 : -1;
    /* nobody waits for it now: a later solve may take it again */
    __atomic_store_n(&g_jobs[leaf], NULL, __ATOMIC_RELEASE);
    __atomic_store_n(&g_claim[leaf], 0, __ATOMIC_RELEASE);
  } else if (j->nseen > cap) {
    status = -1;
  } else {
    for (int i = 0; i < j->nseen; i++) { ids[i] = seen[i]; counts[i] = hist[seen[i]]; }
    status = j->nseen;
  }
  g_status = ST_OK; /* Python hears of an abort and unwinds the passes that asked */
  j->hist = NULL;
  j->seen = NULL;
  counts_give(pool, j->nseen, status < 0);
  return status;
}

/* ---- progress ---------------------------------------------------------------------------- */
/* The share of a job done: its orders done, and for the orders under way the share done of
 * the passes they wait on (each counted as a part of one order). */
static double share_of(const Job *j, int depth, const Job **deepest, int *deepest_depth) {
  double part = 0;
  if (depth > *deepest_depth) { *deepest = j; *deepest_depth = depth; }
  for (int i = 0; i < g_nactive; i++)
    if (g_active[i]->parent == j) part += share_of(g_active[i], depth + 1, deepest, deepest_depth);
  double done = (double)__atomic_load_n(&j->layouts, __ATOMIC_RELAXED) + (part < 2 ? part : 2);
  return done >= (double)j->orders ? 1.0 : done / (double)j->orders;
}
/* The share of the first pass done (0 to 1); info gets the innermost pass under way: its
 * cards, minutes, orders done and orders (cards 0: none but the first). */
double efo_share(uint64_t *info) {
  double share = 0;
  const Job *deepest = NULL;
  int depth = 0;
  info[0] = info[1] = info[2] = info[3] = 0;
  pthread_mutex_lock(&g_lock);
  for (int i = 0; i < g_nactive; i++)
    if (!g_active[i]->parent) share = share_of(g_active[i], 1, &deepest, &depth);
  if (deepest && depth > 1) {
    info[0] = (uint64_t)deepest->n;
    info[1] = (uint64_t)deepest->minutes;
    info[2] = __atomic_load_n(&deepest->layouts, __ATOMIC_RELAXED);
    info[3] = deepest->orders;
  }
  pthread_mutex_unlock(&g_lock);
  return share;
}

/* after a failed solve, once every thread has unwound: the next one starts afresh */
void efo_reset(void) {
  __atomic_store_n(&g_abort, __atomic_load_n(&g_halt, __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
  __atomic_store_n(&g_loop, 0, __ATOMIC_RELEASE);
  g_status = ST_OK;
}

/* ---- set-up ---------------------------------------------------------------------------- */
void efo_free(void);
int efo_init(int32_t *code, int32_t *progs, int32_t *sets, int32_t *conds, int32_t *traits,
             int undiscardable, int unflippable, int row_as_set, int first_reader,
             int32_t *ceiling, int objective,
             double *key, int32_t *klass, int32_t *intval, need_fn need, cmp_fn cmp,
             progress_fn progress, uint64_t memo_entries) {
  efo_free();
  g_code = code;
  memcpy(g_prog, progs, sizeof g_prog);
  g_sets = sets;
  g_conds = conds;
  for (int i = 0; i < 16; i++) g_traits[i] = (uint16_t)traits[i];
  g_undiscardable = (uint16_t)undiscardable;
  g_unflippable = (uint16_t)unflippable;
  g_row_as_set = row_as_set;
  g_first_reader = first_reader;
  memcpy(g_ceiling, ceiling, sizeof g_ceiling);
  g_objective = objective;
  g_front_first = g_front_last_minute = g_time_and_stuck = g_use_flip_moved = 0; /* decided */
  g_next_index = g_next_new_place = 0;
  g_full_pile = 0;
  g_count_discards = 0;
  g_key = key;
  g_class = klass;
  g_intval = intval;
  g_need = need;
  g_cmp = cmp;
  g_progress = progress;
  g_memo_used = 0;
#ifdef CO_CAN
  g_coroutines = CO_DEFAULT;
#endif
  g_jobs = calloc(NPASS, sizeof *g_jobs);
  g_claim = calloc(NPASS, sizeof *g_claim);
  if (!g_jobs || !g_claim) { efo_free(); return -1; }
  if (memo_entries > 0) {
    /* a table of gigabytes read at random: huge pages spare most of the address
     * translation misses (measured: a quarter of the time) */
    memo_entries -= memo_entries % WAYS;
    if (memo_entries < WAYS) memo_entries = WAYS;
    size_t bytes = (size_t)memo_entries * sizeof *g_memo;
    void *table = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (table == MAP_FAILED) { efo_free(); return -1; }
#ifdef MADV_HUGEPAGE
    madvise(table, bytes, MADV_HUGEPAGE);
#endif
    g_memo = table;
    g_memo_bytes = bytes;
    g_memo_slots = memo_entries;
#ifdef WHOLE16_CAN
    __builtin_cpu_init();
    g_whole16 = __builtin_cpu_supports("avx");
#endif
  }
  g_explored = g_layouts = g_top_layouts = 0;
  t_explored = 0;
  g_memo_off = 0;
  g_status = ST_OK;
  g_abort = g_loop = g_stop = g_halt = 0;
  g_pauses = g_chunks[0] = g_chunks[1] = 0;
  g_nactive = 0;
  t_job = NULL;
  g_rank_mode = 0;
  return NLEAF;
}

void efo_set_rank_mode(int on) { g_rank_mode = on; }
/* the readings of the procedure this file plays besides the decided ones (after efo_init) */
void efo_set_procedure(int front_first, int front_last_minute, int time_and_stuck,
                       int use_flip_moved, int next_index, int next_new_place, int full_pile,
                       int count_discards) {
  g_count_discards = count_discards;
  g_front_first = front_first;
  g_front_last_minute = front_last_minute;
  g_time_and_stuck = time_and_stuck;
  g_use_flip_moved = use_flip_moved;
  g_next_index = next_index;
  g_next_new_place = next_new_place;
  /* the cards whose discard effect begins by choosing one card of the pile to score */
  g_full_pile = 0;
  for (int c = 1; full_pile && c < 12; c++) {
    if (!g_prog[c][EV_DISCARD][1]) continue;
    const int32_t *in = g_code + 8 * g_prog[c][EV_DISCARD][0];
    if (in[0] == OP_CHOOSE && in[4] == V_SCORE && in[2] == 1)
      g_full_pile |= (uint16_t)(1u << c);
  }
}
/* how many searches each thread interleaves (1: one at a time, 0: the default, at most
 * CO_MAX); returns the number in effect: 1 where stacks cannot be switched (no CO_CAN) */
int efo_set_coroutines(int k) {
#ifdef CO_CAN
  g_coroutines = k < 1 ? CO_DEFAULT : k > CO_MAX ? CO_MAX : k; /* 0: the default */
  return g_coroutines;
#else
  (void)k;
  return 1;
#endif
}
void efo_clear_memo(void) {
  if (g_memo) memset(g_memo, 0, g_memo_bytes);
  g_memo_used = 0;
}
/* ---- the table kept between runs (solve --keep-table) ------------------------------------
 * A stopped solve loses the passes under way: their values are not known yet, so only the
 * positions they reached in the table remember the work.  The table is written whole, after a
 * header: the magic line, the number of slots, and a digest Python makes of everything the
 * positions' values depend on (cards, procedure, objective, this file, the table's size).
 * Every entry is exact or an exact bound, since a search that was stopped stores nothing
 * (the puts wait for !g_status); an entry is a leaf, valid once that leaf's value is loaded
 * again, and efo_memo_drop_unvalued removes the others. */
#define TABLE_MAGIC "elevenes table 1"
#define TABLE_HEADER 64
static int io_all(int fd, char *buf, size_t n, int writing) {
  while (n > 0) {
    size_t step = n < ((size_t)1 << 26) ? n : ((size_t)1 << 26);
    ssize_t got = writing ? write(fd, buf, step) : read(fd, buf, step);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return -1;
    buf += got;
    n -= (size_t)got;
  }
  return 0;
}
/* 0 written; -1 an error (errno says which) or no table */
int efo_memo_dump(const char *path, const unsigned char *digest) {
  if (!g_memo) return -1;
  char head[TABLE_HEADER] = {0};
  memcpy(head, TABLE_MAGIC, sizeof TABLE_MAGIC - 1);
  memcpy(head + 16, &g_memo_slots, 8);
  memcpy(head + 24, digest, 32);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return -1;
  int bad = io_all(fd, head, TABLE_HEADER, 1) || io_all(fd, (char *)g_memo, g_memo_bytes, 1);
  if (!bad) bad = fsync(fd);
  int saved = errno;
  if (close(fd) && !bad) return -1;
  errno = saved;
  return bad ? -1 : 0;
}
/* 1 read (the table is then that file's); 0 not a table of this solve (header: the table is
 * left as it was); -1 an error (errno; a read that failed part-way leaves the table empty) */
int efo_memo_load(const char *path, const unsigned char *digest) {
  if (!g_memo) return 0;
  int fd = open(path, O_RDONLY);
  if (fd < 0) return -1;
  char head[TABLE_HEADER];
  uint64_t slots = 0;
  if (io_all(fd, head, TABLE_HEADER, 0)) { close(fd); return 0; }
  memcpy(&slots, head + 16, 8);
  if (memcmp(head, TABLE_MAGIC, sizeof TABLE_MAGIC - 1) || slots != g_memo_slots ||
      memcmp(head + 24, digest, 32)) {
    close(fd);
    return 0;
  }
  int bad = io_all(fd, (char *)g_memo, g_memo_bytes, 0);
  int saved = errno;
  close(fd);
  if (bad) {
    efo_clear_memo();
    errno = saved;
    return -1;
  }
  return 1;
}
/* After a load: drop the entries whose leaf has no value (the values kept beside the table
 * may be older than it), keeping each bucket's entries first (a probe stops at an empty
 * slot); recounts the entries in use; returns how many were dropped. */
uint64_t efo_memo_drop_unvalued(void) {
  uint64_t dropped = 0, used = 0;
  for (uint64_t base = 0; g_memo && base < g_memo_slots; base += WAYS) {
    u128 kept[WAYS];
    int n = 0;
    for (int i = 0; i < WAYS; i++) {
      u128 e = g_memo[base + (uint64_t)i];
      if (!e) continue;
      int leaf = (int)(e >> VALUE_SHIFT) - 1;
      if (leaf < 0 || leaf >= NLEAF || g_class[leaf] < 0) { dropped++; continue; }
      kept[n++] = e;
    }
    for (int i = 0; i < WAYS; i++) g_memo[base + (uint64_t)i] = i < n ? kept[i] : 0;
    used += (uint64_t)n;
  }
  g_memo_used = used;
  return dropped;
}
uint64_t efo_explored(void) { return __atomic_load_n(&g_explored, __ATOMIC_RELAXED) + t_explored; }
uint64_t efo_layouts(void) { return g_layouts; }
uint64_t efo_top_layouts(void) { return g_top_layouts; }
uint64_t efo_memo_used(void) { return g_memo_used; }
int efo_loop(void) { return g_loop; }
/* how the threads shared the work: 0 chunks run by the solving thread, 1 by the workers,
 * 2 short waits (0.2 ms) */
uint64_t efo_thread_stats(int which) { return which == 2 ? g_pauses : g_chunks[which & 1]; }
void efo_free(void) {
#ifdef CO_CAN
  co_stacks_free();
#endif
  if (g_memo) munmap(g_memo, g_memo_bytes);
  g_memo = NULL;
  g_memo_bytes = 0;
  g_memo_slots = 0;
  while (g_all) {
    Job *next = g_all->all;
    free(g_all);
    g_all = next;
  }
  while (g_free_counts) {
    Counts *next = g_free_counts->next;
    free(g_free_counts->hist);
    free(g_free_counts->seen);
    free(g_free_counts);
    g_free_counts = next;
  }
  free(g_jobs);
  free(g_claim);
  g_jobs = NULL;
  g_claim = NULL;
}
