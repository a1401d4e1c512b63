"""The dashboard's pages: scripts that app.py hands to st.navigation.

Not named `pages/`: Streamlit takes a `pages/` folder beside the main script for its
older multipage mode, and then (in AppTest) runs a page without app.py and its filters.
"""
