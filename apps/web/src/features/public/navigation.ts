/** Leaving the page for another document (the checkout, its return page): one seam tests replace. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
