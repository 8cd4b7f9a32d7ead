// Times arrive in UTC (the server cannot know the reader's zone); here they become the reader's own.
(() => {
  const lang = document.documentElement.lang || undefined;
  const format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  document.querySelectorAll('time[data-local][datetime]').forEach((element) => {
    const date = new Date(element.getAttribute('datetime'));
    if (Number.isNaN(date.getTime())) return;
    element.title = element.textContent;
    element.textContent = format.format(date);
  });
})();
