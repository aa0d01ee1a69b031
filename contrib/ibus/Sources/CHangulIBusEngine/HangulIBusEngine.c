#define _GNU_SOURCE /* dladdr, before any system header */
#include "HangulIBusEngine.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    IBusEngine parent;
    void *context;
    /* The name the focused client gave ibus-daemon (focus_in_id), owned; NULL when none was given. */
    gchar *client_name;
    /* The object path of the input context served now (focus_in_id), owned; NULL when not given. */
    gchar *context_path;
    IBusProperty *mode;    /* owned; NULL until the first focus in */
    IBusPropList *props;   /* owned; holds `mode` */
    IBusLookupTable *page; /* owned; the candidate page being built, NULL otherwise */
    GQueue *held;          /* owned; output waiting behind a key forwarded later (HeldOutput) */
    guint held_timer;      /* the timeout that sends the first held key, 0 when none */
} HangulIBusEngine;

/* How a preedit is marked for ibus-daemon (hangul_ibus_engine_show_preedit), as held. */
enum { PREEDIT_COMMIT_MODE = 1, PREEDIT_MARKED_VISIBLE = 2 };

/* Output held behind a key forwarded later (hangul_ibus_engine_forward_key_later), sent in order. */
typedef enum { HELD_COMMIT, HELD_PREEDIT, HELD_DELETE, HELD_FORWARD, HELD_FORWARD_LATER, HELD_PAUSE } HeldKind;
/* What ends a pause early: the client's cursor report (it has handled a commit) or its next key event
 * (it has read a forwarded key: ibus-x11's XIM library passes the client no key of the client's while
 * a key it forwarded is unread, until Xlib's XIM_SYNC_REPLY). */
typedef enum { PAUSE_UNTIL_CURSOR, PAUSE_UNTIL_KEY } PauseUntil;
typedef struct {
    HeldKind kind;
    gchar *text;
    /* HELD_FORWARD*: the key. HELD_PREEDIT: state is the PreeditMarking bits. HELD_DELETE: keyval is the count. */
    guint keyval, keycode, state;
    /* HELD_PAUSE: the ticks left, what ends it early, and whether that has happened. */
    guint ticks;
    PauseUntil until;
    gboolean ended;
} HeldOutput;

static void send_commit(IBusEngine *engine, const char *utf8);
static void send_preedit(IBusEngine *engine, const char *utf8, guint marking);
static void send_delete_before(IBusEngine *engine, guint count);
static void send_forward(IBusEngine *engine, guint keyval, guint keycode, guint state);
static void flush_held(IBusEngine *engine);
static void set_cursor_location(IBusEngine *engine, gint x, gint y, gint w, gint h);

static void free_held(gpointer data) {
    HeldOutput *output = data;
    g_free(output->text);
    g_free(output);
}

typedef struct {
    IBusEngineClass parent;
} HangulIBusEngineClass;

G_DEFINE_TYPE(HangulIBusEngine, hangul_ibus_engine, IBUS_TYPE_ENGINE)

#define SELF(engine) ((HangulIBusEngine *)(engine))

static HangulIBusEngineCallbacks callbacks;

void hangul_ibus_engine_install(const HangulIBusEngineCallbacks *installed) { callbacks = *installed; }

static void hangul_ibus_engine_init(HangulIBusEngine *self) {
    self->context = NULL;
    self->client_name = NULL;
    self->context_path = NULL;
    self->mode = NULL;
    self->props = NULL;
    self->page = NULL;
    self->held = g_queue_new();
    self->held_timer = 0;
}

static void hangul_ibus_engine_constructed(GObject *object) {
    G_OBJECT_CLASS(hangul_ibus_engine_parent_class)->constructed(object);
    if (callbacks.created) SELF(object)->context = callbacks.created(IBUS_ENGINE(object));
}

static void hangul_ibus_engine_destroy(IBusObject *object) {
    HangulIBusEngine *self = SELF(object);
    if (self->held_timer) g_source_remove(self->held_timer);
    self->held_timer = 0;
    if (self->held) g_queue_free_full(self->held, free_held); /* the client is gone: nothing to send to */
    self->held = NULL;
    if (self->context && callbacks.destroyed) callbacks.destroyed(IBUS_ENGINE(object), self->context);
    self->context = NULL;
    g_clear_object(&self->props);
    g_clear_object(&self->mode);
    g_clear_object(&self->page);
    g_clear_pointer(&self->client_name, g_free);
    g_clear_pointer(&self->context_path, g_free);
    IBUS_OBJECT_CLASS(hangul_ibus_engine_parent_class)->destroy(object);
}

static void end_pause(IBusEngine *engine, PauseUntil until);
static gboolean send_held_step(IBusEngine *engine);

static gboolean process_key_event(IBusEngine *engine, guint keyval, guint keycode, guint state) {
    /* A key from the client after one forwarded to it: it has read that key, so what waits behind it
     * goes now, before this key's own output. */
    end_pause(engine, PAUSE_UNTIL_KEY);
    HeldOutput *head = SELF(engine)->held ? g_queue_peek_head(SELF(engine)->held) : NULL;
    if (head && head->kind == HELD_PAUSE && head->ended) send_held_step(engine);
    void *context = SELF(engine)->context;
    return context && callbacks.process_key_event ? callbacks.process_key_event(context, keyval, keycode, state)
                                                  : FALSE;
}

#define FORWARD(name)                                                     \
    static void name(IBusEngine *engine) {                                \
        flush_held(engine);                                               \
        void *context = SELF(engine)->context;                            \
        if (context && callbacks.name) callbacks.name(context);           \
        IBUS_ENGINE_CLASS(hangul_ibus_engine_parent_class)->name(engine); \
    }
FORWARD(focus_in)
FORWARD(focus_out)
FORWARD(reset)
FORWARD(enable)
FORWARD(disable)

#define FORWARD_ONLY(name)                                      \
    static void name(IBusEngine *engine) {                      \
        void *context = SELF(engine)->context;                  \
        if (context && callbacks.name) callbacks.name(context); \
    }
FORWARD_ONLY(page_up)
FORWARD_ONLY(page_down)
FORWARD_ONLY(cursor_up)
FORWARD_ONLY(cursor_down)

#if IBUS_CHECK_VERSION(1, 5, 27)
/* With has-focus-id set, ibus-daemon 1.5.27 and later call these instead of focus_in and focus_out
 * (but plain focus_in until it has asked the engine, so the first focus of the first context may
 * come without the client's name). `client` is the name the client gave ibus-daemon when it created
 * its input context: Qt 5's and Qt 6's IBus plugin say "QIBusInputContext". */
static void focus_in_id(IBusEngine *engine, const gchar *object_path, const gchar *client) {
    g_free(SELF(engine)->client_name);
    SELF(engine)->client_name = g_strdup(client);
    g_free(SELF(engine)->context_path);
    SELF(engine)->context_path = g_strdup(object_path);
    focus_in(engine);
}

static void focus_out_id(IBusEngine *engine, const gchar *object_path) {
    (void)object_path; /* which context loses focus: the engine has one */
    focus_out(engine);
}
#endif

static void candidate_clicked(IBusEngine *engine, guint index, guint button, guint state) {
    void *context = SELF(engine)->context;
    if (context && callbacks.candidate_clicked) callbacks.candidate_clicked(context, index, button, state);
}

static void set_content_type(IBusEngine *engine, guint purpose, guint hints) {
    void *context = SELF(engine)->context;
    if (context && callbacks.set_content_type) callbacks.set_content_type(context, purpose, hints);
}

static void set_capabilities(IBusEngine *engine, guint capabilities) {
    IBUS_ENGINE_CLASS(hangul_ibus_engine_parent_class)->set_capabilities(engine, capabilities);
    void *context = SELF(engine)->context;
    if (context && callbacks.set_capabilities) callbacks.set_capabilities(context);
}

static void property_activate(IBusEngine *engine, const gchar *name, guint state) {
    void *context = SELF(engine)->context;
    if (context && callbacks.property_activate) callbacks.property_activate(context, name, state);
}

static void hangul_ibus_engine_class_init(HangulIBusEngineClass *klass) {
    G_OBJECT_CLASS(klass)->constructed = hangul_ibus_engine_constructed;
    IBUS_OBJECT_CLASS(klass)->destroy = hangul_ibus_engine_destroy;
    IBusEngineClass *engine = IBUS_ENGINE_CLASS(klass);
    engine->process_key_event = process_key_event;
    engine->focus_in = focus_in;
    engine->focus_out = focus_out;
#if IBUS_CHECK_VERSION(1, 5, 27)
    engine->focus_in_id = focus_in_id;
    engine->focus_out_id = focus_out_id;
#endif
    engine->reset = reset;
    engine->enable = enable;
    engine->disable = disable;
    engine->set_content_type = set_content_type;
    engine->set_capabilities = set_capabilities;
    engine->property_activate = property_activate;
    engine->page_up = page_up;
    engine->page_down = page_down;
    engine->cursor_up = cursor_up;
    engine->cursor_down = cursor_down;
    engine->candidate_clicked = candidate_clicked;
    engine->set_cursor_location = set_cursor_location;
}

static void send_commit(IBusEngine *engine, const char *utf8) {
    ibus_engine_commit_text(engine, ibus_text_new_from_string(utf8));
}

/* Queues an output behind a held key; FALSE (nothing queued) when no key is held. */
static gboolean hold(IBusEngine *engine, HeldKind kind, const char *text, guint keyval, guint keycode, guint state) {
    HangulIBusEngine *self = SELF(engine);
    if (!self->held || (g_queue_is_empty(self->held) && kind != HELD_FORWARD_LATER)) return FALSE;
    HeldOutput *output = g_new0(HeldOutput, 1);
    output->kind = kind;
    output->text = g_strdup(text);
    output->keyval = keyval;
    output->keycode = keycode;
    output->state = state;
    g_queue_push_tail(self->held, output);
    return TRUE;
}

static void send_one(IBusEngine *engine, HeldOutput *output) {
    switch (output->kind) {
    case HELD_COMMIT:
        send_commit(engine, output->text);
        break;
    case HELD_PREEDIT:
        send_preedit(engine, output->text, output->state);
        break;
    case HELD_DELETE:
        send_delete_before(engine, output->keyval);
        break;
    case HELD_FORWARD:
    case HELD_FORWARD_LATER:
        send_forward(engine, output->keyval, output->keycode, output->state);
        break;
    case HELD_PAUSE:
        break; /* only kept later output waiting */
    }
    free_held(output);
}

/* Sends everything held at once, in order (focus changes, reset, enable, disable: the client is about
 * to do something of its own, and nothing may be left behind or lost). Consecutive commits go as one:
 * several commits sent at once reach an XIM client reversed (Xlib pushes each onto the front of its
 * queue). */
static void send_all(IBusEngine *engine) {
    GQueue *held = SELF(engine)->held;
    GString *text = g_string_new(NULL);
    HeldOutput *output = NULL;
    while ((output = g_queue_pop_head(held)) != NULL) {
        if (output->kind == HELD_COMMIT) {
            g_string_append(text, output->text);
            free_held(output);
            continue;
        }
        if (text->len) send_commit(engine, text->str);
        g_string_truncate(text, 0);
        send_one(engine, output);
    }
    if (text->len) send_commit(engine, text->str);
    g_string_free(text, TRUE);
}

/* Each tick of the timer is this long, in milliseconds. */
#define TICK_MS 10
/* How many ticks a commit waits for the client's cursor report (its sign it has handled the commit). */
#define COMMIT_WAIT_TICKS 5
/* How many ticks a forwarded key waits for the client's next key event (its sign it has read the key). */
#define KEY_WAIT_TICKS 15

/* Whether a key, forwarded, may change the client's text: a press of anything but a modifier. A
 * release or a modifier read late or out of turn changes no text, so nothing waits for it. */
static gboolean types_or_edits(guint keyval, guint state) {
    if (state & IBUS_RELEASE_MASK) return FALSE;
    gboolean modifier = (keyval >= IBUS_KEY_Shift_L && keyval <= IBUS_KEY_Hyper_R) ||
                        (keyval >= IBUS_KEY_ISO_Lock && keyval <= IBUS_KEY_ISO_Level5_Lock) ||
                        keyval == IBUS_KEY_Mode_switch || keyval == IBUS_KEY_Num_Lock;
    return !modifier;
}

/* Puts a pause at the head: output behind it waits until `until` happens or `ticks` ticks pass. */
static void push_pause(GQueue *held, PauseUntil until, guint ticks) {
    HeldOutput *pause = g_new0(HeldOutput, 1);
    pause->kind = HELD_PAUSE;
    pause->ticks = ticks;
    pause->until = until;
    g_queue_push_head(held, pause);
}

/* Sends held output up to the next pause: a commit (consecutive ones as one) or a forwarded key goes
 * alone, and what follows it waits until the client has handled it (PauseUntil); preedits and
 * deletions go at once. So the client never has a commit or a key still to read when a preedit
 * reaches it (Xlib runs a preedit message as soon as it reads it, and LibreOffice's X11 backend
 * takes a key read during a preedit as a commit, dropping Return), nor two of them to read at once
 * (Xlib reverses them). Returns whether anything is left. */
static gboolean send_held_step(IBusEngine *engine) {
    GQueue *held = SELF(engine)->held;
    HeldOutput *output = NULL;
    while ((output = g_queue_peek_head(held)) != NULL) {
        if (output->kind == HELD_PAUSE) {
            if (!output->ended && output->ticks-- > 1) break; /* not yet handled: wait on */
            free_held(g_queue_pop_head(held));
        } else if (output->kind == HELD_COMMIT) {
            GString *text = g_string_new(NULL);
            while ((output = g_queue_peek_head(held)) != NULL && output->kind == HELD_COMMIT) {
                g_string_append(text, output->text);
                free_held(g_queue_pop_head(held));
            }
            send_commit(engine, text->str);
            g_string_free(text, TRUE);
            push_pause(held, PAUSE_UNTIL_CURSOR, COMMIT_WAIT_TICKS);
            break;
        } else if (output->kind == HELD_FORWARD || output->kind == HELD_FORWARD_LATER) {
            gboolean types = types_or_edits(output->keyval, output->state);
            send_one(engine, g_queue_pop_head(held));
            if (!types) continue;
            push_pause(held, PAUSE_UNTIL_KEY, KEY_WAIT_TICKS);
            break;
        } else {
            send_one(engine, g_queue_pop_head(held));
        }
    }
    return !g_queue_is_empty(held);
}

static gboolean held_key_due(gpointer data) {
    IBusEngine *engine = data;
    if (send_held_step(engine)) return G_SOURCE_CONTINUE;
    SELF(engine)->held_timer = 0;
    return G_SOURCE_REMOVE;
}

static void flush_held(IBusEngine *engine) {
    HangulIBusEngine *self = SELF(engine);
    if (self->held_timer) g_source_remove(self->held_timer);
    self->held_timer = 0;
    if (self->held) send_all(engine);
}

/* Ends the pause at the head when it waits for `until`. A key event counts only from the second tick
 * on: one the client sent before ibus-x11 had forwarded the key is no sign that it has read it. */
static void end_pause(IBusEngine *engine, PauseUntil until) {
    HangulIBusEngine *self = SELF(engine);
    HeldOutput *head = self->held ? g_queue_peek_head(self->held) : NULL;
    if (!head || head->kind != HELD_PAUSE || head->until != until) return;
    if (until == PAUSE_UNTIL_KEY && head->ticks >= KEY_WAIT_TICKS) return;
    head->ended = TRUE;
}

/* The client moved its cursor: LibreOffice's X11 backend, through ibus-x11, reports its spot after it
 * has handled a commit, so the output after a commit goes at the next tick. Not at once: the client
 * is still waiting for the reply to that report, and Xlib reads what arrives meanwhile in one go. */
static void set_cursor_location(IBusEngine *engine, gint x, gint y, gint w, gint h) {
    IBUS_ENGINE_CLASS(hangul_ibus_engine_parent_class)->set_cursor_location(engine, x, y, w, h);
    end_pause(engine, PAUSE_UNTIL_CURSOR);
}

void hangul_ibus_engine_forward_key_later(IBusEngine *engine, guint keyval, guint keycode, guint state,
                                          guint milliseconds) {
    HangulIBusEngine *self = SELF(engine);
    if (!self->held) {
        send_forward(engine, keyval, keycode, state);
        return;
    }
    gboolean idle = g_queue_is_empty(self->held);
    hold(engine, HELD_FORWARD_LATER, NULL, keyval, keycode, state);
    /* The commit before the key went at once: the key waits `milliseconds` for the client to handle
     * it, less when the client reports its cursor first. */
    if (idle) push_pause(self->held, PAUSE_UNTIL_CURSOR, MAX(1, milliseconds / TICK_MS));
    if (!self->held_timer) self->held_timer = g_timeout_add(TICK_MS, held_key_due, engine);
}

void hangul_ibus_engine_commit(IBusEngine *engine, const char *utf8) {
    if (!hold(engine, HELD_COMMIT, utf8, 0, 0, 0)) send_commit(engine, utf8);
}

static void send_forward(IBusEngine *engine, guint keyval, guint keycode, guint state) {
    ibus_engine_forward_key_event(engine, keyval, keycode, state | IBUS_FORWARD_MASK);
}

void hangul_ibus_engine_forward_key(IBusEngine *engine, guint keyval, guint keycode, guint state) {
    if (!hold(engine, HELD_FORWARD, NULL, keyval, keycode, state)) send_forward(engine, keyval, keycode, state);
}

const gchar *hangul_ibus_engine_client_name(IBusEngine *engine) { return SELF(engine)->client_name; }

const gchar *hangul_ibus_engine_context_path(IBusEngine *engine) { return SELF(engine)->context_path; }

guint hangul_ibus_engine_client_capabilities(IBusEngine *engine) { return engine->client_capabilities; }

guint hangul_ibus_version(void) { return IBUS_MAJOR_VERSION * 10000 + IBUS_MINOR_VERSION * 100 + IBUS_MICRO_VERSION; }

const char *hangul_ibus_library_path(void) {
    static char *path = NULL;
    static gboolean looked = FALSE;
    if (!looked) {
        looked = TRUE;
        Dl_info info;
        if (dladdr((void *)ibus_bus_new, &info) && info.dli_fname) path = realpath(info.dli_fname, NULL);
    }
    return path;
}

void hangul_ibus_engine_show_preedit(IBusEngine *engine, const char *utf8, gboolean commit_mode,
                                     gboolean marked_visible) {
    guint marking = (commit_mode ? PREEDIT_COMMIT_MODE : 0) | (marked_visible ? PREEDIT_MARKED_VISIBLE : 0);
    if (!hold(engine, HELD_PREEDIT, utf8, 0, 0, marking)) send_preedit(engine, utf8, marking);
}

static void send_preedit(IBusEngine *engine, const char *utf8, guint marking) {
    IBusText *text = ibus_text_new_from_string(utf8);
    guint length = ibus_text_get_length(text);
    if (length > 0)
        ibus_text_append_attribute(text, IBUS_ATTR_TYPE_UNDERLINE, IBUS_ATTR_UNDERLINE_SINGLE, 0, (gint)length);
    ibus_engine_update_preedit_text_with_mode(engine, text, length, length > 0 && (marking & PREEDIT_MARKED_VISIBLE),
                                              (marking & PREEDIT_COMMIT_MODE) ? IBUS_ENGINE_PREEDIT_COMMIT
                                                                              : IBUS_ENGINE_PREEDIT_CLEAR);
}

/* IBus's embed-preedit-text, read once and then kept current by GSettings' change signal (dispatched
 * on the engine's GLib main loop), so a preedit update, on every key, reads a variable. */
static gboolean embeds_preedit = TRUE;

static void embed_preedit_changed(GSettings *settings, const gchar *key, gpointer data) {
    (void)data;
    embeds_preedit = g_settings_get_boolean(settings, key);
}

gboolean hangul_ibus_embeds_preedit(void) {
    static gboolean looked = FALSE;
    if (!looked) {
        looked = TRUE;
        /* Looked up rather than g_settings_new, which aborts the process when the schema is missing. */
        GSettingsSchemaSource *source = g_settings_schema_source_get_default();
        GSettingsSchema *schema =
            source ? g_settings_schema_source_lookup(source, "org.freedesktop.ibus.general", TRUE) : NULL;
        if (schema && g_settings_schema_has_key(schema, "embed-preedit-text")) {
            GSettings *settings = g_settings_new_full(schema, NULL, NULL); /* kept for the signal */
            g_signal_connect(settings, "changed::embed-preedit-text", G_CALLBACK(embed_preedit_changed), NULL);
            embeds_preedit = g_settings_get_boolean(settings, "embed-preedit-text");
        }
        if (schema) g_settings_schema_unref(schema);
    }
    return embeds_preedit;
}

/* Engines made with has-focus-id, so that focus_in_id learns the client's name. Another name is left
 * to the factory's own handler, which refuses it. */
static IBusEngine *create_engine(IBusFactory *factory, const gchar *name, gpointer served) {
    static guint serial = 0;
    if (g_strcmp0(name, served) != 0) return NULL;
    gchar *path = g_strdup_printf("/org/freedesktop/IBus/Engine/%u", ++serial);
    IBusEngine *engine = g_object_new(hangul_ibus_engine_get_type(), "engine-name", name, "object-path", path,
                                      "connection", ibus_service_get_connection(IBUS_SERVICE(factory)),
#if IBUS_CHECK_VERSION(1, 5, 27)
                                      "has-focus-id", TRUE,
#endif
                                      NULL);
    g_free(path);
    return engine;
}

void hangul_ibus_engine_add_to_factory(IBusFactory *factory, const gchar *name) {
    ibus_factory_add_engine(factory, name, hangul_ibus_engine_get_type());
    g_signal_connect_data(factory, "create-engine", G_CALLBACK(create_engine), g_strdup(name), (GClosureNotify)g_free,
                          0);
}

void hangul_ibus_engine_candidates_begin(IBusEngine *engine) {
    HangulIBusEngine *self = SELF(engine);
    g_clear_object(&self->page);
    /* The page the daemon sent is the whole table: nine rows at most, never paged by IBus itself. */
    self->page = g_object_ref_sink(ibus_lookup_table_new(9, 0, TRUE, FALSE));
    ibus_lookup_table_set_orientation(self->page, IBUS_ORIENTATION_VERTICAL);
}

void hangul_ibus_engine_candidates_append(IBusEngine *engine, const char *value, const char *meaning) {
    HangulIBusEngine *self = SELF(engine);
    if (!self->page) return;
    guint row = ibus_lookup_table_get_number_of_candidates(self->page);
    gchar label[4];
    g_snprintf(label, sizeof label, "%u", row + 1);
    ibus_lookup_table_append_label(self->page, ibus_text_new_from_string(label));
    IBusText *text;
    if (meaning && *meaning) {
        gchar *joined = g_strconcat(value, " ", meaning, NULL);
        text = ibus_text_new_from_string(joined);
        g_free(joined);
        guint start = (guint)g_utf8_strlen(value, -1) + 1;
        ibus_text_append_attribute(text, IBUS_ATTR_TYPE_FOREGROUND, 0x808080, (gint)start,
                                   (gint)ibus_text_get_length(text));
    } else {
        text = ibus_text_new_from_string(value);
    }
    ibus_lookup_table_append_candidate(self->page, text);
}

void hangul_ibus_engine_candidates_show(IBusEngine *engine, guint cursor, const char *position) {
    HangulIBusEngine *self = SELF(engine);
    if (!self->page) return;
    ibus_lookup_table_set_cursor_pos(self->page, cursor);
    ibus_engine_update_lookup_table(engine, self->page, TRUE);
    g_clear_object(&self->page);
    if (position)
        ibus_engine_update_auxiliary_text(engine, ibus_text_new_from_string(position), TRUE);
    else
        ibus_engine_hide_auxiliary_text(engine);
}

void hangul_ibus_engine_candidates_hide(IBusEngine *engine) {
    ibus_engine_hide_lookup_table(engine);
    ibus_engine_hide_auxiliary_text(engine);
}

void hangul_ibus_engine_delete_before(IBusEngine *engine, guint count) {
    if (!hold(engine, HELD_DELETE, NULL, count, 0, 0)) send_delete_before(engine, count);
}

static void send_delete_before(IBusEngine *engine, guint count) {
    if (count > 0) ibus_engine_delete_surrounding_text(engine, -(gint)count, count);
}

gboolean hangul_ibus_engine_client_has_surrounding_text(IBusEngine *engine) {
    return (engine->client_capabilities & IBUS_CAP_SURROUNDING_TEXT) != 0;
}

void hangul_ibus_engine_require_surrounding_text(IBusEngine *engine) {
    ibus_engine_get_surrounding_text(engine, NULL, NULL, NULL);
}

gchar *hangul_ibus_engine_surrounding_text(IBusEngine *engine, guint *cursor, guint *anchor) {
    IBusText *text = NULL;
    ibus_engine_get_surrounding_text(engine, &text, cursor, anchor);
    gchar *copy = g_strdup(text ? ibus_text_get_text(text) : "");
    if (text) g_object_unref(text);
    return copy;
}

static void set_mode_label(IBusProperty *property, gboolean hangul) {
    ibus_property_set_label(property, ibus_text_new_from_string(hangul ? "한" : "A"));
    ibus_property_set_symbol(property, ibus_text_new_from_string(hangul ? "한" : "A"));
    ibus_property_set_tooltip(
        property, ibus_text_new_from_string(hangul ? "Hangul mode: click for Latin" : "Latin mode: click for Hangul"));
}

void hangul_ibus_engine_register_mode(IBusEngine *engine, gboolean hangul) {
    HangulIBusEngine *self = SELF(engine);
    if (!self->mode) {
        self->mode = g_object_ref_sink(ibus_property_new("InputMode", PROP_TYPE_NORMAL, ibus_text_new_from_string("한"),
                                                         NULL, ibus_text_new_from_string("Hangul mode"), TRUE, TRUE,
                                                         PROP_STATE_UNCHECKED, NULL));
        self->props = g_object_ref_sink(ibus_prop_list_new());
        ibus_prop_list_append(self->props, self->mode);
    }
    set_mode_label(self->mode, hangul);
    ibus_engine_register_properties(engine, self->props);
}

void hangul_ibus_engine_update_mode(IBusEngine *engine, gboolean hangul) {
    HangulIBusEngine *self = SELF(engine);
    if (!self->mode) {
        hangul_ibus_engine_register_mode(engine, hangul);
        return;
    }
    set_mode_label(self->mode, hangul);
    ibus_engine_update_property(engine, self->mode);
}

static void on_disconnected(IBusBus *bus, gpointer data) {
    (void)bus;
    (void)data;
    ibus_quit();
}

void hangul_ibus_quit_on_disconnect(IBusBus *bus) {
    g_signal_connect(bus, "disconnected", G_CALLBACK(on_disconnected), NULL);
}
