/**
 * The demo company other modules' seeds build on (the demo company owner's company, its datasets,
 * documents and requests). The demo seed of this module always creates it with this id and LEI.
 */
export const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";
export const DEMO_COMPANY_LEI = "529900OVDEMO00000095";
export const DEMO_COMPANY_NAME = "Verdana Energie AG";
