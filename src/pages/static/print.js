// A Print button beside the recovery codes: the print stylesheet then keeps only the codes on paper.
document.querySelectorAll('button[data-print]').forEach((button) => {
  button.hidden = false;
  button.addEventListener('click', () => window.print());
});
