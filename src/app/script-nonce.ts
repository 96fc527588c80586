/**
 * The nonce of this answer's inline scripts, for the admin (a client app, decision 026). entry.server
 * provides it around the server render; the browser never learns it from React (it reads as undefined
 * on the client, and hydration keeps the server's attribute), so a script injected later cannot reuse it.
 */
import { createContext, useContext } from 'react';

export const ScriptNonceContext = createContext<string | undefined>(undefined);

export const useScriptNonce = (): string | undefined => useContext(ScriptNonceContext);
