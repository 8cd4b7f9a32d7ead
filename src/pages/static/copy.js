// Copy buttons beside a value shown once: a comfort only, the value is selectable without it.
document.querySelectorAll('button[data-copy]').forEach((button) => {
  const input = document.getElementById(button.dataset.copy);
  if (!input || !navigator.clipboard) return;
  const label = button.textContent;
  button.hidden = false;
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(input.value).then(() => {
      button.textContent = button.dataset.copied;
      setTimeout(() => (button.textContent = label), 2000);
    });
  });
});
