/// <reference types="vite/client" />
/// <reference types="@portico/devnet/virtual" />
