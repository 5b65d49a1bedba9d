import { useEffect } from 'react';

/** Every page title ends with the product name ("Contacts | Slat"). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | Slat` : 'Slat';
  }, [title]);
}
