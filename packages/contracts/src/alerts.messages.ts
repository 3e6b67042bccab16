/** Messages of the alert rules and incidents (issue 35, docs/product/alerts.md). */
const en = {
  alert_rule_unknown: 'There is no such alert rule.',
  alert_threshold_not_used: 'This rule has no such threshold.',
  alert_threshold_required: 'This rule needs this threshold.',
  incident_resolved: 'This incident is already resolved.',
  incident_assignee_invalid: 'Choose an active account that may see incidents.',
} as const;

type TAlertsMessages = Record<keyof typeof en, string>;

const ru: TAlertsMessages = {
  alert_rule_unknown: 'Такого правила оповещений нет.',
  alert_threshold_not_used: 'У этого правила нет такого порога.',
  alert_threshold_required: 'Этому правилу нужен этот порог.',
  incident_resolved: 'Этот инцидент уже закрыт.',
  incident_assignee_invalid: 'Выберите активную учётную запись, которой доступны инциденты.',
};

const ky: TAlertsMessages = {
  alert_rule_unknown: 'Мындай эскертүү эрежеси жок.',
  alert_threshold_not_used: 'Бул эреженин мындай босогосу жок.',
  alert_threshold_required: 'Бул эрежеге бул босого керек.',
  incident_resolved: 'Бул инцидент мурунтан жабылган.',
  incident_assignee_invalid: 'Инциденттерди көрө алган активдүү каттоо эсебин тандаңыз.',
};

export const ALERTS_MESSAGES = { en, ru, ky } as const;
