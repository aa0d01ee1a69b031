#ifndef HANGUL_IBUS_ENGINE_H
#define HANGUL_IBUS_ENGINE_H

#include <ibus.h>

/* The engine type: an IBusEngine whose virtual methods call the functions the Swift side installs
 * with hangul_ibus_engine_install(). IBus creates one instance per input context; each instance
 * carries one opaque pointer (the Swift per-context object), set in `created` and released in
 * `destroyed`. */

typedef struct {
    /* A new instance, after construction: return the context pointer to store in it. */
    void *(*created)(IBusEngine *engine);
    /* The instance is going away: release the context (the pointer is cleared afterwards). */
    void (*destroyed)(IBusEngine *engine, void *context);
    gboolean (*process_key_event)(void *context, guint keyval, guint keycode, guint state);
    void (*focus_in)(void *context);
    void (*focus_out)(void *context);
    void (*reset)(void *context);
    void (*enable)(void *context);
    void (*disable)(void *context);
    void (*set_content_type)(void *context, guint purpose, guint hints);
    /* The client's capabilities changed (already stored in the engine's client_capabilities). */
    void (*set_capabilities)(void *context);
    void (*property_activate)(void *context, const gchar *name, guint state);
    /* The candidate window's buttons and wheel (the panel), and a click on its row `index` of the
     * page shown. */
    void (*page_up)(void *context);
    void (*page_down)(void *context);
    void (*cursor_up)(void *context);
    void (*cursor_down)(void *context);
    void (*candidate_clicked)(void *context, guint index, guint button, guint state);
} HangulIBusEngineCallbacks;

/* Installs the callbacks; call once, before the factory creates any engine. */
void hangul_ibus_engine_install(const HangulIBusEngineCallbacks *installed);

/* The engine's GType. */
GType hangul_ibus_engine_get_type(void);

/* Serves the engine as `name` from `factory`, each instance made with has-focus-id so that it learns
 * which client it serves (IBus 1.5.27 and later). */
void hangul_ibus_engine_add_to_factory(IBusFactory *factory, const gchar *name);

/* Output, each one D-Bus signal to the client. */
void hangul_ibus_engine_commit(IBusEngine *engine, const char *utf8);
/* Sends a key on to the application after the signals sent before it (ibus_engine_forward_key_event),
 * marked IBUS_FORWARD_MASK so that a client which filters it again (GTK) inserts it rather than asking
 * the engine a second time. */
void hangul_ibus_engine_forward_key(IBusEngine *engine, guint keyval, guint keycode, guint state);
/* Forwards the key once the client has handled the commit before it (its cursor report) or
 * `milliseconds` pass, and from then on paces what the engine sends until nothing is held: a commit
 * (consecutive ones as one) or a forwarded key goes alone, and what follows waits until the client has
 * handled it (a commit: its next cursor report; a key: its next key event) or a timeout; preedits go
 * with the step before them. Focus in and out, reset, enable and disable send what is held first, in
 * order. Why: IBusClient.forwardDelayAfterText. */
void hangul_ibus_engine_forward_key_later(IBusEngine *engine, guint keyval, guint keycode, guint state,
                                          guint milliseconds);
/* The name the focused client gave ibus-daemon for its input context, or NULL when ibus-daemon did not
 * pass one (the first focus of the first engine object: it asks for has-focus-id without waiting). */
const gchar *hangul_ibus_engine_client_name(IBusEngine *engine);
/* The object path of the input context the engine serves now (focus_in_id), or NULL when ibus-daemon did
 * not pass it. In global-engine mode one engine object serves every input context in turn. */
const gchar *hangul_ibus_engine_context_path(IBusEngine *engine);
/* The client's capability bits (IBUS_CAP_*). */
guint hangul_ibus_engine_client_capabilities(IBusEngine *engine);
/* The IBus release the engine was built against, as major * 10000 + minor * 100 + micro (10527 for
 * 1.5.27). What the clients' modules do on a reset changed in 1.5.28 (IBusClient.resetLeavesPreeditToEngine),
 * and a package built on one release runs on another: the release running is read from the file name
 * of the libibus this process loaded (below), this is the fallback. */
guint hangul_ibus_version(void);
/* The real path of the libibus this process loaded (`/usr/lib/x86_64-linux-gnu/libibus-1.0.so.5.0.527`
 * for IBus 1.5.27, links resolved), or NULL when it cannot be told. */
const char *hangul_ibus_library_path(void);

/* Shows `utf8` underlined as the preedit, cursor at its end, in IBUS_ENGINE_PREEDIT_COMMIT mode when
 * `commit_mode` (otherwise CLEAR) and marked visible when `marked_visible` and not empty. Which marks
 * each client needs is the Swift side's decision (IBusClient.preeditMarking): ibus-daemon commits a
 * preedit on focus out or reset only when it is in COMMIT mode and marked visible and the client has
 * not said it commits its own copy. An empty string hides the preedit. */
void hangul_ibus_engine_show_preedit(IBusEngine *engine, const char *utf8, gboolean commit_mode,
                                     gboolean marked_visible);
/* IBus's "embed preedit text" setting (org.freedesktop.ibus.general embed-preedit-text, which the
 * panel hands to ibus-daemon): when it is off the preedit goes to the panel, which draws it only when
 * marked visible. TRUE, IBus's default, when the schema is not installed. */
gboolean hangul_ibus_embeds_preedit(void);

/* The Hangul/Latin mode property ("InputMode", 한 or A); registered on focus in, updated on change. */
void hangul_ibus_engine_register_mode(IBusEngine *engine, gboolean hangul);
void hangul_ibus_engine_update_mode(IBusEngine *engine, gboolean hangul);

/* The candidate window (an IBusLookupTable, vertical, labels 1 to 9): begin a page, append its rows
 * in order (the value, then its meaning after a space, dimmed; an empty meaning shows the value
 * alone), then show it with the highlighted row and `position` as the auxiliary text above it (NULL
 * hides that). Hiding hides both. */
void hangul_ibus_engine_candidates_begin(IBusEngine *engine);
void hangul_ibus_engine_candidates_append(IBusEngine *engine, const char *value, const char *meaning);
void hangul_ibus_engine_candidates_show(IBusEngine *engine, guint cursor, const char *position);
void hangul_ibus_engine_candidates_hide(IBusEngine *engine);

/* Deletes `count` characters immediately before the cursor (ibus_engine_delete_surrounding_text with
 * offset -count). */
void hangul_ibus_engine_delete_before(IBusEngine *engine, guint count);

/* Whether the client reports surrounding text (IBUS_CAP_SURROUNDING_TEXT). */
gboolean hangul_ibus_engine_client_has_surrounding_text(IBusEngine *engine);
/* Asks the client to keep the engine's copy of the surrounding text current (IBus's
 * RequireSurroundingText signal; the client forgets the request when an engine is enabled). */
void hangul_ibus_engine_require_surrounding_text(IBusEngine *engine);
/* The client's last report: the text (free with g_free), the cursor and the selection's anchor, in
 * characters. */
gchar *hangul_ibus_engine_surrounding_text(IBusEngine *engine, guint *cursor, guint *anchor);

/* Quits ibus_main() when the bus goes away (g_signal_connect is a macro Swift cannot call). */
void hangul_ibus_quit_on_disconnect(IBusBus *bus);

#endif
