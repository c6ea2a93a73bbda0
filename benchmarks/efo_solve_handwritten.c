/* A plain hand-written exact solver of Elevenes for One (printed cards, the standard game),
 * written straight from the rulebook (rulebook/elevenes-for-one/rules.md and cards.cards)
 * and from the hand-written simulator benchmarks/efo_handwritten.py, with no engine code:
 * the yardstick of the project's solver, and a second implementation of the same values.
 *
 * What is solved. A pass start is (top card of the trolley, minutes left, discard pile); the
 * pantry is every other card, laid out in a uniformly random order (EFO.PASS.SHUFFLE), and
 * the pass is then played with the whole row in view. Its value is the average over every
 * order of the best play's value, the best play ending either with the game over or at the
 * next pass start (the end of the row, EFO.PASS.END, or Fine China's reshuffle,
 * EFO.RULING.CHINA), whose value is found first, recursively, and kept per pass start.
 * Objective 0 maximises the chance to win (EFO.GOAL.WIN); objective 1 the expected rating,
 * the top card plus the minutes left at the end (EFO.RATING).
 *
 * The search inside a pass only compares values: each position's best play ends at one leaf
 * (a won or lost game, or a pass start), and the table keeps that leaf, not a number. The
 * only sums are the averages over the orders of a pass, in long double.
 *
 * Called from benchmarks/efo_solver_handwritten.py through ctypes: efo_hw_solve(). */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define WIN 0
#define RATING 1

#define MAXN 11 /* cards in the pantry: at most 10 with the printed cards */
#define BIT(c) (1u << (c))

/* A position of a pass, in full. */
typedef struct {
    uint8_t row[MAXN]; /* the pantry, first card to last */
    uint8_t n;         /* cards in the pantry */
    uint8_t cur;       /* the pass's place: the index of the current card, or of the next one */
    uint8_t top;       /* top card of the trolley */
    uint8_t min;       /* minutes left */
    uint16_t down;     /* face-down cards of the pantry (bit c) */
    uint16_t pile;     /* the discard pile (bit c): a set, nothing reads its order */
} Pos;

/* A leaf, the end of a pass's play: a pass start's id (below TERM), or TERM + a final value
 * (a whole number: 0 or 1 for the chance to win, the points for the rating). */
typedef uint32_t Ref;
#define TERM (1u << 20)
#define NO_REF 0xffffffffu

/* Pass starts: id = (top * 16 + minutes) * 256 + the pile in 8 bits. The pile only ever holds
 * cards that can be discarded (2, 3, 4, 6, 7, 8, 9, 11: (5) and (10) never are,
 * EFO.DISCARD.NEVER); card 1 is on the trolley from the start (EFO.SETUP.TROLLEY). */
#define PS_COUNT (12 * 16 * 256)
static const int8_t PILE_BIT[12] = {-1, -1, 0, 1, 2, -1, 3, 4, 5, 6, -1, 7};
static const uint8_t PILE_CARD[8] = {2, 3, 4, 6, 7, 8, 9, 11};

enum { UNSOLVED = 0, IN_PROGRESS = 1, SOLVED = 2 };

static int objective;
static long double ps_value[PS_COUNT];
static uint8_t ps_state[PS_COUNT];
static int cur_root;       /* the pass start whose orders are being searched */
static int failure;        /* 0, or why the solve stopped */
static uint64_t n_visited, n_searched, n_stored, n_pass_starts;

/* ------------------------------------------------------------------------------------------
 * The table of positions: buckets of four 16-byte entries (one cache line), open addressing
 * inside the bucket, the entry with the fewest cards ahead giving way when all four are taken
 * (it is the cheapest to search again). A lost entry only costs time. */

typedef struct {
    uint64_t k0; /* the cards ahead (5 bits each), the first card while (8) may act, top,
                  * minutes; 0: an empty entry (a real key has a top) */
    uint32_t k1; /* the pile (12 bits), then the number of 5-bit codes ahead */
    Ref ref;     /* the leaf the best play reaches */
} Entry;

typedef struct { Entry e[4]; } Bucket;

static Bucket *table;
static uint64_t n_buckets;
static size_t table_bytes;

static inline uint64_t mix(uint64_t k0, uint32_t k1) {
    uint64_t h = k0 ^ ((uint64_t)k1 * 0x9E3779B97F4A7C15ull);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 32;
    return h;
}

static inline Bucket *bucket_of(uint64_t k0, uint32_t k1) {
    return &table[(uint64_t)(((unsigned __int128)mix(k0, k1) * n_buckets) >> 64)];
}

static inline Ref lookup(Bucket *b, uint64_t k0, uint32_t k1) {
    for (int i = 0; i < 4; i++)
        if (b->e[i].k0 == k0 && b->e[i].k1 == k1) return b->e[i].ref;
    return NO_REF;
}

static inline void store(Bucket *b, uint64_t k0, uint32_t k1, Ref ref) {
    int victim = 0;
    for (int i = 0; i < 4; i++) {
        if (b->e[i].k0 == 0) { victim = i; n_stored++; goto put; }
        if ((b->e[i].k1 >> 12) < (b->e[victim].k1 >> 12)) victim = i;
    }
put:
    b->e[victim].k0 = k0;
    b->e[victim].k1 = k1;
    b->e[victim].ref = ref;
}

/* The key of a position at a decision (the current card face up at p->cur). What it keeps,
 * and why the rest cannot change the future:
 * - top, minutes and the pile as a set: every rule reads them, none reads the pile's order
 *   (Servants and Elevenses take cards from it by name).
 * - The cards behind the place only as a set, and that set is implied (the pantry is every
 *   card on neither the trolley nor the pile), so nothing of them is kept but one card: every
 *   card behind the place lies face down (a card the pass leaves is used, and so face down,
 *   EFO.USE.FLIP, or has left the row; only Sandwiches turns a pantry card face up, and puts
 *   it at the end, ahead). Tea, Milk and Biscuits choose face-up cards (EFO.CARD.TEA,
 *   EFO.CARD.MILK, EFO.CARD.BISCUITS), Cakes and Servants act at the place (the card after
 *   Cakes, the card after Servants, EFO.RULING.NEXT-CARD), the end of the pass and Fine
 *   China collect a set. Only Sandwiches reads the row behind: it sends the first card of the
 *   pantry to the end face up (EFO.CARD.SANDWICHES). It acts at most once more in the pass:
 *   afterwards it is face down (used) or on the trolley (scored), and a face-down card of the
 *   row never comes back face up but through Sandwiches' own move. So while (8) may still act
 *   (not on the trolley, not face down in the row) the key keeps the first card (0 when
 *   nothing lies behind) and every face-down card ahead by name; once it cannot, neither.
 * - The cards ahead in order, face up by name. Once (8) cannot act, a face-down card ahead is
 *   only a blocker: nothing reads which card it is (choices take face-up cards, Cakes turning
 *   a face-down card face down changes nothing, EFO.FLIP.FACE-UP), nor how many lie together
 *   (Cakes reads only the card just after it, Servants puts a card just after itself, the pass
 *   skips them all, EFO.PASS.NEXT), nor any after the last face-up card. A run of face-down
 *   cards between face-up ones is one code, and trailing ones are dropped. */
static inline void key_of(const Pos *p, uint64_t *k0, uint32_t *k1) {
    uint64_t a = 0;
    int sh = 0;
    uint64_t first = 0;
    int may8 = p->top < 8 && !(p->down & BIT(8));
    if (may8) {
        if (p->cur > 0) first = p->row[0];
        for (int i = p->cur; i < p->n; i++) {
            int c = p->row[i];
            a |= (uint64_t)((p->down & BIT(c)) ? 16 + c : c) << sh;
            sh += 5;
        }
    } else {
        int gap = 0;
        for (int i = p->cur; i < p->n; i++) {
            int c = p->row[i];
            if (p->down & BIT(c)) { gap = 1; continue; }
            if (gap) { a |= (uint64_t)31 << sh; sh += 5; gap = 0; }
            a |= (uint64_t)c << sh;
            sh += 5;
        }
    }
    *k0 = a | first << 50 | (uint64_t)p->top << 54 | (uint64_t)p->min << 58;
    *k1 = p->pile | (uint32_t)(sh / 5) << 12;
}

/* ------------------------------------------------------------------------------------------
 * Values and bounds. */

static inline Ref term(int v) { return TERM + (Ref)v; }

static inline long double value_of(Ref r) {
    return r >= TERM ? (long double)(r - TERM) : ps_value[r];
}

/* The fewest minutes that scoring every card from top+1 to (10) costs: one each, two for (4)
 * Sugar (EFO.SCORE.MINUTE, EFO.CARD.SUGAR); (11) costs none (EFO.GOAL.WIN). Every score
 * costs at least that, and no rule gives a minute back. */
static inline int need(int top) { return top >= 10 ? 0 : (10 - top) + (top < 4); }

/* A win is still possible only if the clock stays above 0 after scoring (10)
 * (EFO.CLOCK.ZERO: the game ends at 0). */
static inline int winnable(int top, int min) { return min > need(top); }

/* The best value any line from (top, minutes) can reach. The rating: top + minutes never
 * grows but by scoring (11), which costs nothing; from a top below (4), Sugar's second minute
 * takes that point back. */
static inline long double bound(int top, int min) {
    int w = winnable(top, min);
    if (objective == WIN) return w;
    return top + min + (w && top >= 4);
}

static inline Ref won(const Pos *p) { return term(objective == WIN ? 1 : 11 + p->min); }
static inline Ref out_of_time(const Pos *p) { return term(objective == WIN ? 0 : p->top); }
static inline Ref stuck(const Pos *p) { return term(objective == WIN ? 0 : p->top + p->min); }

static inline int ps_id(const Pos *p) {
    int code = 0;
    for (unsigned s = p->pile; s; s &= s - 1) code |= 1 << PILE_BIT[__builtin_ctz(s)];
    return ((p->top * 16) + p->min) * 256 + code;
}

/* ------------------------------------------------------------------------------------------
 * The row. */

static inline void take_out(Pos *p, int i) {
    memmove(&p->row[i], &p->row[i + 1], (size_t)(p->n - i - 1));
    p->n--;
}

static inline void put_in(Pos *p, int i, int c) {
    memmove(&p->row[i + 1], &p->row[i], (size_t)(p->n - i));
    p->row[i] = (uint8_t)c;
    p->n++;
}

/* ------------------------------------------------------------------------------------------
 * Card effects (cards.cards), with every choice the player has: each outcome is one Out. */

typedef struct {
    Pos q;
    int8_t place;   /* the pass's place afterwards (EFO.RULING.NEXT-CARD) */
    int8_t cost;    /* the minutes the card costs */
    int8_t restart; /* Fine China: back to step 1 */
} Out;

#define MAX_OUT 40 /* Milk or Biscuits: pairs of at most nine face-up cards, 36 */

/* The action of `card`, used (it still lies at place - 1) or scored (out of the row; the
 * place is where it was). `from_pile`: scored from the discard pile by (11). */
static int effect(const Pos *p, int card, int used, int from_pile, int place, Out *out) {
    int k = 0;
    Out base = {*p, (int8_t)place, 1, 0};
    switch (card) {
    case 2:   /* Tea: flip one face-up card, not itself (EFO.RULING.SELF-TARGET), not (5) */
    case 3:   /* Milk: two, or the only one (EFO.CARD.MILK, EFO.EFFECT.FORCED) */
    case 7: { /* Biscuits: swap two other face-up cards, (5) included; fewer, nothing */
        int up[MAXN], u = 0;
        for (int i = 0; i < p->n; i++) {
            int c = p->row[i];
            if (!(p->down & BIT(c)) && c != card && (card == 7 || c != 5)) up[u++] = i;
        }
        if (card == 2) {
            if (u == 0) out[k++] = base;           /* EFO.EFFECT.IMPOSSIBLE */
            for (int i = 0; i < u; i++) {
                out[k] = base;
                out[k++].q.down |= (uint16_t)BIT(p->row[up[i]]);
            }
        } else if (card == 3 && u <= 2) {          /* flips them all, forced */
            out[k] = base;
            for (int i = 0; i < u; i++) out[k].q.down |= (uint16_t)BIT(p->row[up[i]]);
            k++;
        } else if (card == 7 && u < 2) {
            out[k++] = base;
        } else {
            for (int i = 0; i < u; i++)
                for (int j = i + 1; j < u; j++) {
                    out[k] = base;
                    if (card == 3) {
                        out[k].q.down |= (uint16_t)(BIT(p->row[up[i]]) | BIT(p->row[up[j]]));
                    } else { /* they stay face up, nothing else moves */
                        out[k].q.row[up[i]] = p->row[up[j]];
                        out[k].q.row[up[j]] = p->row[up[i]];
                    }
                    k++;
                }
        }
        return k;
    }
    case 4: /* Sugar costs two minutes (EFO.CARD.SUGAR) */
        base.cost = 2;
        out[k++] = base;
        return k;
    case 6: /* Fine China: the pantry is collected and shuffled, step 1 (EFO.RULING.CHINA) */
        base.restart = 1;
        out[k++] = base;
        return k;
    case 8: /* Sandwiches: the first card, face up or down, to the end face up; itself if first
             * (EFO.RULING.SANDWICHES); a card taken from before the place moves it back */
        if (p->n > 0) {
            int c = p->row[0];
            take_out(&base.q, 0);
            if (base.place > 0) base.place--;
            base.q.row[base.q.n++] = (uint8_t)c;
            base.q.down &= (uint16_t)~BIT(c);
        }
        out[k++] = base;
        return k;
    case 9: /* Cakes: the card after it, the one at the place, face down unless (5)
             * (EFO.CARD.CAKES); from the pile, nothing (EFO.RULING.CAKES-ELEVENSES) */
        if (!from_pile && place < p->n && p->row[place] != 5)
            base.q.down |= (uint16_t)BIT(p->row[place]);
        out[k++] = base;
        return k;
    case 10: /* Servants: return a discarded card just after itself, at the place
              * (EFO.CARD.SERVANTS, EFO.RULING.SERVANTS) */
        if (p->pile == 0) { out[k++] = base; return k; }
        if (!used && (p->pile & BIT(11))) { /* scored with (11) discarded: must return it
                                              * (EFO.RULING.OPTIONAL-MUST) */
            out[k] = base;
            out[k].q.pile &= (uint16_t)~BIT(11);
            put_in(&out[k].q, place, 11);
            return k + 1;
        }
        out[k++] = base; /* pass */
        for (int c = 1; c <= 11; c++) {
            if (!(p->pile & BIT(c))) continue;
            out[k] = base;
            out[k].q.pile &= (uint16_t)~BIT(c);
            put_in(&out[k].q, place, c);
            if (used) out[k].cost = 0; /* EFO.RULING.SERVANTS-MINUTE */
            k++;
        }
        return k;
    default: /* (1), (5), (11): no action */
        out[k++] = base;
        return k;
    }
}

/* ------------------------------------------------------------------------------------------
 * The search. */

typedef struct {
    long double best, ub;
    Ref ref;
    int cut; /* a line went back to the pass start being solved: the value is not kept */
} Node;

static Ref search(const Pos *p, int *cut);
static void solve_pass_start(int id);

/* A move is over (its minutes taken, q->cur its place): find where it leads and weigh it.
 * Returns 1 when the node has reached its bound (no other move can do better). */
static int weigh(Node *nd, Pos *q, int restart) {
    Ref r;
    if (q->min == 0) {
        r = out_of_time(q); /* EFO.CLOCK.ZERO, EFO.GOAL.LOSE */
    } else {
        if (!restart)
            while (q->cur < q->n && (q->down & BIT(q->row[q->cur]))) q->cur++; /* EFO.PASS.NEXT */
        if (!restart && q->cur < q->n) {
            if (bound(q->top, q->min) <= nd->best) return 0;
            r = search(q, &nd->cut);
        } else if (q->n == 0) {
            r = stuck(q); /* EFO.GOAL.STUCK */
        } else { /* EFO.PASS.END, EFO.RULING.PASS-END: the next pass starts */
            if (bound(q->top, q->min) <= nd->best) return 0;
            int id = ps_id(q);
            if (id == cur_root) {
                /* The pass comes back to its own start without a minute spent. With the
                 * printed cards only a pantry of (10) alone can (return a card for free,
                 * discard it again, EFO.RULING.ENDLESS): going round changes nothing, so the
                 * move is not counted, and a value that depended on leaving it out is not
                 * kept in the table. */
                nd->cut = 1;
                return 0;
            }
            if (ps_state[id] == IN_PROGRESS) { /* a loop through a real shuffle: never with
                                                * the printed cards */
                failure = 3;
                return 0;
            }
            if (ps_state[id] == UNSOLVED) solve_pass_start(id);
            r = (Ref)id;
        }
    }
    long double v = value_of(r);
    if (v > nd->best) {
        nd->best = v;
        nd->ref = r;
    }
    return nd->best >= nd->ub;
}

/* The moves of one option after its card's effect: every outcome, its minutes taken. */
static int weigh_outs(Node *nd, Out *out, int k, int used, int card, int min, int add_pile) {
    for (int i = 0; i < k; i++) {
        Pos *q = &out[i].q;
        /* EFO.USE.FLIP, EFO.RULING.USE-FLIP-MOVED: a used card is still in the row (at most
         * moved to the end by its own action), and is turned face down where it lies */
        if (used) q->down |= (uint16_t)BIT(card);
        int m = min - out[i].cost;
        q->min = (uint8_t)(m > 0 ? m : 0);  /* EFO.CLOCK.ZERO: never below 0 */
        q->pile |= (uint16_t)add_pile;       /* (11) reaches the pile after the score */
        q->cur = (uint8_t)out[i].place;
        if (weigh(nd, q, out[i].restart)) return 1;
    }
    return 0;
}

/* Score (EFO.SCORE.NEXT): the card leaves the row for the trolley, then acts
 * (EFO.SCORE.ACTION) and costs its minutes (EFO.SCORE.MINUTE); (11) wins at once and costs
 * no minute (EFO.GOAL.WIN). */
static int try_score(Node *nd, const Pos *p, int c) {
    Out out[MAX_OUT];
    if (c != p->top + 1) return 0;
    if (c == 11) {
        nd->ref = won(p);
        nd->best = value_of(nd->ref);
        return 1;
    }
    Pos q = *p;
    take_out(&q, p->cur);
    q.top = (uint8_t)c;
    int k = effect(&q, c, 0, 0, p->cur, out);
    return weigh_outs(nd, out, k, 0, c, p->min, 0);
}

/* Use (EFO.USE.ACTION): the card acts where it lies, then is turned face down (EFO.USE.FLIP)
 * and costs its minutes (EFO.USE.MINUTE); the pass goes on after it. Always possible. */
static int try_use(Node *nd, const Pos *p, int c) {
    Out out[MAX_OUT];
    int k = effect(p, c, 1, 0, p->cur + 1, out);
    return weigh_outs(nd, out, k, 1, c, p->min, 0);
}

/* Discard (EFO.DISCARD.LIMIT, EFO.DISCARD.NEVER): free and without action
 * (EFO.DISCARD.NO-ACTION), but (11) may first score the next card from the pile, action and
 * minutes included, and then goes to the pile (EFO.CARD.ELEVENSES, EFO.RULING.ELEVENSES). */
static int try_discard(Node *nd, const Pos *p, int c) {
    Out out[MAX_OUT];
    if (c == 5 || c == 10 || __builtin_popcount(p->pile) >= 3) return 0;
    Pos q = *p;
    take_out(&q, p->cur);
    int s = p->top + 1;
    if (c == 11 && (p->pile & BIT(s))) {
        Pos r = q;
        r.pile &= (uint16_t)~BIT(s);
        r.top = (uint8_t)s;
        int k = effect(&r, s, 0, 1, p->cur, out);
        if (weigh_outs(nd, out, k, 0, s, p->min, BIT(11)) || failure) return 1;
    }
    q.pile |= (uint16_t)BIT(c);
    q.cur = p->cur;
    return weigh(nd, &q, 0);
}

/* The best leaf from a decision of step 3 (EFO.TURN.OPTIONS): p->cur is a face-up card. */
static Ref search(const Pos *p, int *cut) {
    if (objective == WIN && !winnable(p->top, p->min)) return term(0);
    uint64_t k0;
    uint32_t k1;
    key_of(p, &k0, &k1);
    Bucket *b = bucket_of(k0, k1);
    n_visited++;
    Ref hit = lookup(b, k0, k1);
    if (hit != NO_REF) return hit;
    n_searched++;

    Node nd = {-1.0L, bound(p->top, p->min), NO_REF, 0};
    int c = p->row[p->cur];
    /* Discarding first: it is free, so its lines keep the most minutes; then scoring, then
     * using (the order only changes how soon a decision reaches its bound: on the seven-card
     * endgame at 15 minutes, 17,000 positions for the chance to win against 135,000 with
     * score, use, discard). */
    if (!try_discard(&nd, p, c) && !failure && !try_score(&nd, p, c) && !failure)
        try_use(&nd, p, c);
    if (nd.cut) *cut = 1;
    else if (!failure) store(b, k0, k1, nd.ref);
    return nd.ref;
}

/* ------------------------------------------------------------------------------------------
 * Pass starts: every order of the pantry, each with step 2's options. */

typedef struct {
    int top, min, n;
    uint16_t pile;
    uint8_t row[MAXN];
    long double sum, carry; /* Neumaier's compensated sum of the orders' values */
} Layout;

static void add(Layout *L, long double v) {
    long double t = L->sum + v; /* every value is at least 0 */
    if (L->sum >= v) L->carry += (L->sum - t) + v;
    else L->carry += (v - t) + L->sum;
    L->sum = t;
}

/* One order of the pantry: step 2 (EFO.PASS.FRONT) offers to leave the row as it is or to
 * put any card but the first in front of the others for a minute
 * (EFO.RULING.FRONT-FIRST); at 0 minutes the game is lost (EFO.RULING.FRONT-LAST-MINUTE).
 * A card put in front makes a row that is itself an order of the pantry: its positions are
 * the ones of the pass start with a minute less, and the table shares them. */
static void one_order(Layout *L) {
    Pos p;
    memcpy(p.row, L->row, (size_t)L->n);
    p.n = (uint8_t)L->n;
    p.cur = 0;
    p.top = (uint8_t)L->top;
    p.min = (uint8_t)L->min;
    p.down = 0; /* step 1 lays every card face up (EFO.PASS.SHUFFLE) */
    p.pile = L->pile;
    /* nd.cut is left unread: the pass start's own value is the best of the other moves */
    Node nd = {-1.0L, bound(L->top, L->min), NO_REF, 0};
    Pos q = p;
    int done = weigh(&nd, &q, 0);
    if (!done && !failure && L->n > 1) {
        if (L->min == 1) {
            q = p;
            q.min = 0;
            weigh(&nd, &q, 0);
        } else if (bound(L->top, L->min - 1) > nd.best) {
            for (int i = 1; i < L->n && !failure; i++) {
                q = p;
                q.min = (uint8_t)(L->min - 1);
                memmove(&q.row[1], &q.row[0], (size_t)i);
                q.row[0] = p.row[i];
                if (weigh(&nd, &q, 0)) break;
            }
        }
    }
    if (nd.ref == NO_REF && !failure) failure = 4;
    add(L, nd.best);
}

/* Every order of the pantry, the last card varying slowest: orders that share the cards
 * still ahead come one after the other, while the positions they share are fresh. */
static void lay(Layout *L, int pos, uint16_t left) {
    if (pos < 0) {
        one_order(L);
        return;
    }
    for (int c = 1; c <= 11 && !failure; c++) {
        if (!(left & BIT(c))) continue;
        L->row[pos] = (uint8_t)c;
        lay(L, pos - 1, (uint16_t)(left & ~BIT(c)));
    }
}

static void solve_pass_start(int id) {
    int top = id / 4096, min = id / 256 % 16, code = id % 256;
    Layout L = {top, min, 0, 0, {0}, 0.0L, 0.0L};
    for (int i = 0; i < 8; i++)
        if (code & (1 << i)) L.pile |= (uint16_t)BIT(PILE_CARD[i]);
    uint16_t pantry = 0; /* every card on neither the trolley nor the pile */
    for (int c = top + 1; c <= 11; c++)
        if (!(L.pile & BIT(c))) {
            pantry |= (uint16_t)BIT(c);
            L.n++;
        }
    ps_state[id] = IN_PROGRESS;
    int saved = cur_root;
    cur_root = id;
    long double v;
    if (L.n == 0) {
        v = objective == WIN ? 0 : top + min; /* EFO.GOAL.STUCK (never a leaf: see weigh) */
    } else if (objective == WIN && !winnable(top, min)) {
        v = 0;
    } else {
        lay(&L, L.n - 1, pantry);
        long double orders = 1;
        for (int i = 2; i <= L.n; i++) orders *= i;
        v = (L.sum + L.carry) / orders;
        n_pass_starts++;
    }
    ps_value[id] = v;
    ps_state[id] = SOLVED;
    cur_root = saved;
}

/* ------------------------------------------------------------------------------------------
 * The entry point: the pass start with cards 1 to `top` on the trolley, the cards of `pile`
 * (bit c for card c) in the discard pile and `minutes` on the clock; the endgames of
 * `elevenes solve --trolley K` have an empty pile. Returns 0, or 1 for bad arguments, 2 when
 * the table cannot be allocated, 3 for a loop through a shuffle, 4 for a decision with no
 * move. stats: positions searched (not found in the table), positions stored, pass starts
 * valued, table entries, positions visited (decisions reached, found in the table or not). */
int efo_hw_solve(int obj, int top, int minutes, int pile, double memory_gib, long double *value,
                 uint64_t *stats) {
    if ((obj != WIN && obj != RATING) || top < 1 || top > 10 || minutes < 1 || minutes > 15 ||
        !(memory_gib > 0))
        return 1;
    int n = 0; /* cards in the pantry */
    for (int c = top + 1; c <= 11; c++) n += !(pile & BIT(c));
    for (int c = 1; c <= 11; c++) /* on the trolley, or never discarded */
        if ((pile & BIT(c)) && (c <= top || PILE_BIT[c] < 0)) return 1;
    if (pile & ~0xffe || __builtin_popcount((unsigned)pile) > 3 || n == 0) return 1;
    objective = obj;
    failure = 0;
    n_visited = n_searched = n_stored = n_pass_starts = 0;
    memset(ps_state, 0, sizeof ps_state);
    /* The table: as large as memory_gib allows, but no larger than the solve can use, so that
     * a small endgame does not wait for the zeroing of a large table. With n cards in play
     * (every card above the top: the pile's cards can come back), the solves measured stored
     * about 50 n! positions (274,000 for seven cards, the rating at 15 minutes; 1.8 million
     * for eight at 9 minutes); the cap is 256 n! entries, at least 2^16. */
    double cap = 256;
    for (int i = 2; i <= 11 - top; i++) cap *= i;
    if (cap < 65536) cap = 65536;
    double want = memory_gib * (double)(1ull << 30) / sizeof(Entry);
    if (want > cap) want = cap;
    n_buckets = (uint64_t)(want / 4);
    if (n_buckets == 0) n_buckets = 1;
    table_bytes = n_buckets * sizeof(Bucket);
    void *mem = mmap(NULL, table_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                     -1, 0); /* zero pages: every entry empty */
    if (mem == MAP_FAILED) return 2;
#ifdef MADV_HUGEPAGE
    madvise(mem, table_bytes, MADV_HUGEPAGE);
#endif
    table = mem;
    Pos start = {{0}, 0, 0, (uint8_t)top, (uint8_t)minutes, 0, (uint16_t)pile};
    int id = ps_id(&start);
    cur_root = -1;
    solve_pass_start(id);
    *value = ps_value[id];
    stats[0] = n_searched;
    stats[1] = n_stored;
    stats[2] = n_pass_starts;
    stats[3] = n_buckets * 4;
    stats[4] = n_visited;
    munmap(mem, table_bytes);
    table = NULL;
    return failure;
}
