/**
 * Answers asked or under way, by key, so that the record view's preload and the viewer share one call;
 * the `kept` most recent only. A call that fails is forgotten, so the next asker tries again.
 */
export const recentAnswers = <T>(kept: number) => {
  const answers = new Map<string, Promise<T>>();
  return (key: string, ask: () => Promise<T>): Promise<T> => {
    let answer = answers.get(key);
    if (!answer) {
      answer = ask();
      answer.catch(() => answers.delete(key));
      answers.set(key, answer);
      if (answers.size > kept) answers.delete(answers.keys().next().value as string);
    }
    return answer;
  };
};
