import CHangulIBusEngine
import CIBus

/// The C engine type's virtual methods, routed to the `InputField` each engine instance carries.
///
/// The context is retained by the instance (`created`) and released when IBus destroys it, so
/// per-context state never lives in a global.
enum EngineCallbacks {
    static func install() {
        var callbacks = HangulIBusEngineCallbacks()
        callbacks.created = { engine in
            guard let engine else { return nil }
            let context = InputField(engine: engine, configuration: EngineConfiguration.current)
            return Unmanaged.passRetained(context).toOpaque()
        }
        callbacks.destroyed = { _, pointer in
            guard let pointer else { return }
            Unmanaged<InputField>.fromOpaque(pointer).release()
        }
        callbacks.process_key_event = { pointer, keyval, keycode, state in
            guard let context = context(pointer) else { return 0 }
            return context.processKey(keyval: keyval, keycode: keycode, state: state) ? 1 : 0
        }
        callbacks.focus_in = { pointer in context(pointer)?.focusIn() }
        callbacks.focus_out = { pointer in context(pointer)?.focusOut() }
        callbacks.reset = { pointer in context(pointer)?.reset() }
        callbacks.enable = { pointer in context(pointer)?.enable() }
        callbacks.disable = { pointer in context(pointer)?.disable() }
        callbacks.set_content_type = { pointer, purpose, _ in context(pointer)?.setContentType(purpose: purpose) }
        callbacks.set_capabilities = { pointer in context(pointer)?.capabilitiesChanged() }
        callbacks.property_activate = { pointer, name, _ in
            guard let name else { return }
            context(pointer)?.activateProperty(named: String(cString: name))
        }
        callbacks.page_up = { pointer in context(pointer)?.pageUp() }
        callbacks.page_down = { pointer in context(pointer)?.pageDown() }
        callbacks.cursor_up = { pointer in context(pointer)?.cursorUp() }
        callbacks.cursor_down = { pointer in context(pointer)?.cursorDown() }
        callbacks.candidate_clicked = { pointer, row, _, _ in context(pointer)?.candidateClicked(row: row) }
        hangul_ibus_engine_install(&callbacks)
    }
}

/// The context an engine instance carries (a free function: C callbacks cannot capture a type).
private func context(_ pointer: UnsafeMutableRawPointer?) -> InputField? {
    guard let pointer else { return nil }
    return Unmanaged<InputField>.fromOpaque(pointer).takeUnretainedValue()
}
