import { createContext, useContext } from "react";

// The CSP nonce of this request, for the inline scripts Remix renders (entry.server provides it;
// in the browser it is empty, as browsers hide nonces from the DOM).
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The nonce to put on inline <script> tags. */
export const useNonce = () => useContext(NonceContext);
