/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_GIT_COMMIT: string;
}
